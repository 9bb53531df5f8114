import fs from 'node:fs';
import path from 'node:path';
import { type OrderItem, OrderStatus } from '@store/contract';
import type { Command } from 'commander';
import type { OrderRow } from '../../db/schema.js';
import { istDay, istDayStart } from '../../http/india-time.js';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { fileNameOf } from '../../modules/invoices/numbering.js';
import type { Shipment } from '../../modules/orders/service.js';
import { STATUS_BY_NAME, statusLabel } from '../../modules/orders/status.js';
import { isTestProvider, refundReasonOf } from '../../modules/payments/service.js';
import type { Store } from '../../modules/stores/service.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, logChange, type Shop, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable } from '../format.js';

/** NPCI's Unique Transaction Reference of a UPI transfer: 12 digits, as the payer's bank shows it. */
const UTR = /^\d{12}$/;
const TRACKING = /^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/;
const COURIER = /^[\p{L}\p{N}][\p{L}\p{N} .&-]{1,59}$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function addOrderCommands(program: Command, context: CliContext): void {
  const orders = program.command('orders').description('see orders, confirm payments, ship, deliver and cancel');

  orders
    .command('list')
    .description('the newest orders first, as a table')
    .option('--status <status>', 'only pending, processing, shipped, delivered or cancelled orders')
    .option('--since <date>', 'only orders placed on or after this day (YYYY-MM-DD, IST)')
    .option('--limit <n>', 'at most this many orders', '50')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { status?: string; since?: string; limit: string; json?: boolean }, command: Command) => {
      const filter = listFilter(options);
      await withStore(context, storeOption(command), async (shop, store) => {
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
    });

  orders
    .command('show')
    .description('one order: items, address, payments')
    .argument('<id>', 'the order number')
    .action(async (id: string, _options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const [order] = await shop.services.orders.withItems([row]);
        const payments = await shop.services.payments.listForOrder(store.id, row.id);
        const documents = [
          await shop.services.invoices.find(store.id, row.id, 'invoice'),
          await shop.services.invoices.find(store.id, row.id, 'credit-note'),
        ].flatMap((issued) =>
          issued
            ? [
                `${issued.document.title} ${issued.row.number} of ${issued.document.date} (npm run store -- orders invoice ${row.id}${issued.row.kind === 'credit-note' ? ' --credit-note' : ''})`,
              ]
            : [],
        );
        const address = [row.full_name, row.address, `${row.city}, ${row.state} ${row.postal_code}`, row.phone];
        const test = payments.some((payment) => payment.status === 'success' && isTestProvider(payment.provider));
        const refunds = payments.filter((payment) => payment.needs_refund === 1);
        const lines = [
          `Order ${row.id} · ${statusLabel(row.status)}${test ? ' (TEST: paid on the sandbox gateway, no real money)' : ''}`,
          `Placed ${formatDateTime(row.created_at)} by ${row.email}`,
          ...(row.status === OrderStatus.Cancelled && row.cancel_reason ? [`Cancelled: ${row.cancel_reason}`] : []),
          '',
          formatTable(
            ['ITEM', 'OPTIONS', 'QTY', 'PRICE', 'AMOUNT'],
            (order?.items ?? []).map((item) => [
              item.productTitle,
              optionsOf(item),
              String(item.quantity),
              formatInr(item.price),
              formatInr(item.price * item.quantity),
            ]),
          ),
          `Total ${formatInr(toRupees(Number(row.total)))}`,
          '',
          `Ship to: ${address.join(', ')}`,
          `Shipping: ${row.shipping_method}${row.courier || row.tracking_number || row.tracking_url ? ` · ${describeShipment({ courier: row.courier ?? undefined, trackingNumber: row.tracking_number ?? undefined, trackingUrl: row.tracking_url ?? undefined })}` : ''}`,
          '',
          payments.length
            ? formatTable(
                ['PAYMENT', 'REFERENCE', 'AMOUNT', 'RESULT', 'WHEN'],
                payments.map((payment) => [
                  isTestProvider(payment.provider) ? `${payment.provider} (TEST)` : payment.provider,
                  payment.reference,
                  formatInr(toRupees(Number(payment.amount))),
                  payment.needs_refund === 1 ? `${payment.status}, NEEDS REFUND` : payment.status,
                  formatDateTime(payment.created_at),
                ]),
              )
            : 'No payments yet.',
          ...(documents.length ? ['', ...documents] : []),
          ...refunds.map(
            (payment) =>
              `Refund ${formatInr(toRupees(Number(payment.amount)))} (${payment.provider} ${payment.reference}) through your payment provider: ${refundReasonOf(payment)}`,
          ),
        ];
        context.stdout(`${lines.join('\n')}\n`);
      });
    });

  orders
    .command('invoice')
    .description("write a paid order's invoice (or, with --credit-note, a cancelled order's credit note) as a PDF")
    .argument('<id>', 'the order number')
    .option('--output <file>', 'the PDF to write (default: invoice-<number>.pdf in this folder)')
    .option('--credit-note', 'the credit note issued when the paid order was cancelled')
    .action(async (id: string, options: { output?: string; creditNote?: boolean }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const kind = options.creditNote ? 'credit-note' : 'invoice';
        const issued = await shop.services.invoices.find(store.id, row.id, kind);
        if (!issued) {
          throw new CliError(
            options.creditNote
              ? `Order ${row.id} has no credit note: one is issued when a paid order is cancelled. It is ${statusLabel(row.status)}.`
              : `Order ${row.id} has no invoice yet: one is issued when the order is paid. It is ${statusLabel(row.status)}.`,
          );
        }
        const output = options.output ?? fileNameOf(issued.document.type, issued.row.number);
        fs.writeFileSync(path.resolve(context.cwd, output), await shop.services.invoices.pdf(issued));
        context.stdout(`${issued.document.title} ${issued.row.number} of order ${row.id} written to ${output}.\n`);
      });
    });

  orders
    .command('paid')
    .description('record a UPI transfer you received for a Pending order; the order becomes Processing')
    .argument('<id>', 'the order number')
    .requiredOption('--utr <utr>', 'the 12-digit UTR of the transfer, from your bank statement or UPI app')
    .action(async (id: string, options: { utr: string }, command: Command) => {
      const utr = options.utr.trim();
      if (!UTR.test(utr)) throw new CliError(`A UTR is the 12 digits of the UPI transfer's reference, not '${utr}'.`);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const recorded = await shop.services.payments.recordManualPayment(store.id, row.id, {
          reference: utr,
          by: STORE_COMMAND_ACTOR,
        });
        if (!recorded.replayed) {
          await logChange(shop, {
            storeId: store.id,
            action: 'order.mark-paid',
            subject: `order:${row.id}`,
            before: { status: statusLabel(row.status) },
            after: { status: statusLabel(recorded.order.status), reference: utr },
          });
        }
        if (recorded.replayed && recorded.order.id !== row.id) {
          throw new CliError(`The UTR ${utr} is already recorded for order ${recorded.order.id}.`);
        }
        context.stdout(
          recorded.replayed
            ? `The UTR ${utr} was already recorded for order ${row.id}; it is ${statusLabel(recorded.order.status)}.\n`
            : `Recorded ${formatInr(toRupees(Number(row.total)))} by UPI (UTR ${utr}). Order ${row.id} is now Processing.\n`,
        );
      });
    });

  orders
    .command('ship')
    .description(
      'hand a Processing order to the courier; shoppers see the courier and tracking on /orders and /track-order',
    )
    .argument('<id>', 'the order number')
    .option('--courier <name>', 'the courier, e.g. Delhivery, DTDC, India Post')
    .option('--tracking <number>', "the courier's tracking number (AWB)")
    .option('--tracking-url <url>', "the courier's https tracking page for this parcel, kept as a link for the shopper")
    .action(async (id: string, options: ShipmentOptions, command: Command) => {
      const shipment = shipmentOf(options);
      await moveOrder(context, storeOption(command), id, OrderStatus.Shipped, { shipment });
    });

  orders
    .command('tracking')
    .description("correct a Shipped order's courier or tracking (a mistyped number, a new link)")
    .argument('<id>', 'the order number')
    .option('--courier <name>', 'the courier')
    .option('--tracking <number>', "the courier's tracking number (AWB)")
    .option('--tracking-url <url>', "the courier's https tracking page for this parcel")
    .action(async (id: string, options: ShipmentOptions, command: Command) => {
      const shipment = shipmentOf(options);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        await shop.services.orders.updateShipment(store.id, row.id, shipment, { actor: STORE_COMMAND_ACTOR });
        await logChange(shop, {
          storeId: store.id,
          action: 'order.tracking',
          subject: `order:${row.id}`,
          before: { courier: row.courier, trackingNumber: row.tracking_number, trackingUrl: row.tracking_url },
          after: { ...shipment },
        });
        context.stdout(`Order ${row.id}: ${describeShipment(shipment)}.\n`);
      });
    });

  orders
    .command('deliver')
    .description('mark a Shipped order as Delivered')
    .argument('<id>', 'the order number')
    .action(async (id: string, _options, command: Command) => {
      await moveOrder(context, storeOption(command), id, OrderStatus.Delivered);
    });

  orders
    .command('cancel')
    .description('cancel a Pending or Processing order; its items go back into stock (asks first; --yes in scripts)')
    .argument('<id>', 'the order number')
    .option('--yes', 'cancel without asking')
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      await moveOrder(context, storeOption(command), id, OrderStatus.Cancelled, {
        // Asked with the order in hand, in the same visit to the database as the move.
        ...(options.yes ? {} : { confirm: (row: OrderRow) => confirmCancel(context, row) }),
      });
    });
}

async function confirmCancel(context: CliContext, row: OrderRow): Promise<boolean> {
  const summary = `order ${row.id} (${formatInr(toRupees(Number(row.total)))}, ${row.full_name}, ${statusLabel(row.status)})`;
  if (!context.ask) throw new CliError(`Add --yes to cancel ${summary} without being asked.`);
  const answer = await context.ask(`Cancel ${summary}? Its items go back into stock. Type yes to cancel: `);
  if (answer.trim().toLowerCase() === 'yes') return true;
  context.stdout('Nothing changed.\n');
  return false;
}

interface ShipmentOptions {
  courier?: string;
  tracking?: string;
  trackingUrl?: string;
}

/** Checks what the merchant typed about a parcel: a tracking number or a tracking page, or both. */
function shipmentOf(options: ShipmentOptions): Shipment {
  const courier = options.courier?.trim();
  const trackingNumber = options.tracking?.trim();
  const trackingUrl = options.trackingUrl?.trim();
  if (!trackingNumber && !trackingUrl) {
    throw new CliError('Give the tracking number (--tracking) or the tracking page (--tracking-url), or both.');
  }
  if (courier !== undefined && !COURIER.test(courier)) {
    throw new CliError(
      `A courier's name is 2 to 60 letters, digits, spaces, '.', '&' or '-', not '${options.courier}'.`,
    );
  }
  if (trackingNumber !== undefined && !TRACKING.test(trackingNumber)) {
    throw new CliError(`A tracking number is 4 to 40 letters, digits, spaces or dashes, not '${options.tracking}'.`);
  }
  if (trackingUrl !== undefined && !isHttpsUrl(trackingUrl)) {
    throw new CliError(
      `A tracking page is an https:// address, like https://www.delhivery.com/track/package/1234, not '${options.trackingUrl}'.`,
    );
  }
  return {
    ...(courier ? { courier } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
    ...(trackingUrl ? { trackingUrl } : {}),
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && value.length <= 500 && !/\s/.test(value);
  } catch {
    return false;
  }
}

const describeShipment = (shipment: Shipment) =>
  [
    shipment.courier ? `by ${shipment.courier}` : '',
    shipment.trackingNumber ? `tracking ${shipment.trackingNumber}` : '',
    shipment.trackingUrl ? `tracking page ${shipment.trackingUrl}` : '',
  ]
    .filter(Boolean)
    .join(', ');

async function moveOrder(
  context: CliContext,
  host: string | undefined,
  id: string,
  to: OrderStatus,
  options: { shipment?: Shipment; confirm?: (row: OrderRow) => Promise<boolean> } = {},
): Promise<void> {
  await withStore(context, host, async (shop, store) => {
    const row = await findOrder(shop, store, id);
    if (options.confirm && !(await options.confirm(row))) return;
    // The same state machine as the server: an illegal move is refused with its reason.
    await shop.services.orders.move(store.id, row.id, to, {
      ...(options.shipment ? { shipment: options.shipment } : {}),
      ...(to === OrderStatus.Cancelled ? { cancelReason: 'Cancelled by the shop' } : {}),
      by: { actor: STORE_COMMAND_ACTOR },
    });
    await logChange(shop, {
      storeId: store.id,
      action: `order.${statusLabel(to).toLowerCase()}`,
      subject: `order:${row.id}`,
      before: { status: statusLabel(row.status) },
      after: { status: statusLabel(to), ...(options.shipment ?? {}) },
    });
    const notes: Partial<Record<OrderStatus, string>> = {
      [OrderStatus.Shipped]: options.shipment ? `, ${describeShipment(options.shipment)}.` : '.',
      [OrderStatus.Cancelled]:
        row.status === OrderStatus.Processing
          ? '; its items are back in stock. It was paid: refund the customer through your payment provider.'
          : '; its items are back in stock.',
    };
    context.stdout(`Order ${row.id} is now ${statusLabel(to)}${notes[to] ?? '.'}\n`);
  });
}

const optionsOf = (item: OrderItem) =>
  [item.size ? `Size ${item.size}` : '', item.color ? `Colour ${item.color}` : ''].filter(Boolean).join(', ');

async function findOrder(shop: Shop, store: Store, id: string): Promise<OrderRow> {
  const row = await shop.services.orders.findRow(store.id, id.trim());
  if (!row) throw new CliError(`No order ${id.trim().toUpperCase()} in ${store.store_name}.`);
  return row;
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
