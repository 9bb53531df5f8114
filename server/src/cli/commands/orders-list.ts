import type { OrderStatus } from '@netkart/contract';
import { STATUS_BY_NAME, statusLabel } from '../../modules/orders/status.js';
import { istDay, istDayStart } from '../../shared/india-time.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, withStore } from '../context.js';
import { formatDateTime, formatTable } from '../format.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ListOptions {
  status?: string;
  since?: string;
  limit: string;
  json?: boolean;
}

/** `store orders list`: the newest orders first, as a table or as JSON. */
export async function listOrders(context: CliContext, host: string | undefined, options: ListOptions): Promise<void> {
  const filter = listFilter(options);
  await withStore(context, host, async (shop, store) => {
    const rows = await shop.services.orders.listForStore(store.id, filter);
    const orders = await shop.services.orders.withItems(rows);
    const testPaid = await shop.services.payments.testPaidOrderIds(
      store.id,
      rows.map((row) => row.id),
    );
    if (options.json) {
      const shown = orders.map((order, index) => ({
        ...order,
        statusLabel: statusLabel(order.status),
        email: rows[index]?.email,
        testPayment: testPaid.has(order.id),
      }));
      context.stdout(`${JSON.stringify(shown, null, 2)}\n`);
      return;
    }
    if (rows.length === 0) {
      context.stdout('No orders match.\n');
      return;
    }
    const table = formatTable(
      ['ORDER', 'PLACED', 'STATUS', 'CUSTOMER', 'ITEMS', 'TOTAL', 'TRACKING'],
      rows.map((row, index) => [
        row.id,
        formatDateTime(row.created_at),
        testPaid.has(row.id) ? `${statusLabel(row.status)} (TEST)` : statusLabel(row.status),
        `${row.full_name} <${row.email}>`,
        String(orders[index]?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0),
        formatInr(toRupees(Number(row.total))),
        row.tracking_number ?? '',
      ]),
    );
    context.stdout(`${table}\n${rows.length} ${rows.length === 1 ? 'order' : 'orders'}.\n`);
    if (testPaid.size > 0) context.stdout('(TEST): paid on the sandbox gateway; no real money moved.\n');
  });
}

function listFilter(options: { status?: string; since?: string; limit: string }) {
  let status: OrderStatus | undefined;
  if (options.status !== undefined) {
    status = STATUS_BY_NAME[options.status.trim().toLowerCase()];
    if (status === undefined) {
      throw new CliError(`The status is one of ${Object.keys(STATUS_BY_NAME).join(', ')}, not '${options.status}'.`);
    }
  }
  let since: string | undefined;
  if (options.since !== undefined) {
    const day = istDayStart(options.since);
    // A day that does not exist (2026-02-30) would otherwise roll over into the next month.
    const exists = !Number.isNaN(day.getTime()) && istDay(day) === options.since;
    if (!DATE.test(options.since) || !exists) {
      throw new CliError(`--since takes a day as YYYY-MM-DD, like 2026-11-01, not '${options.since}'.`);
    }
    since = day.toISOString();
  }
  if (!/^\d+$/.test(options.limit) || Number(options.limit) < 1 || Number(options.limit) > 10_000) {
    throw new CliError(`--limit is a number from 1 to 10000, not '${options.limit}'.`);
  }
  return { status, since, limit: Number(options.limit) };
}
