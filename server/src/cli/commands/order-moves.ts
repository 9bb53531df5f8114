import { OrderStatus } from '@netkart/contract';
import type { OrderRow } from '../../db/schema.js';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import type { Shipment } from '../../modules/orders/service.js';
import { statusLabel } from '../../modules/orders/status.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, logChange, withStore } from '../context.js';
import { findOrder } from './find-order.js';
import { describeShipment } from './order-shipment.js';

/** Moves an order along its state machine (ship, deliver, cancel), logs the change and says what it did. */
export async function moveOrder(
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
    // Committed: a booking the courier holds is cancelled there too (the server retries a failure).
    if (to === OrderStatus.Cancelled) await shop.services.orders.afterCancelled(store.id, row.id);
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
          ? '; its items are back in stock. It was paid: its refund is due (store payments list --needs-refund).'
          : '; its items are back in stock.',
    };
    context.stdout(`Order ${row.id} is now ${statusLabel(to)}${notes[to] ?? '.'}\n`);
  });
}

/** Asks before a cancel; a script without a terminal is told to add --yes. */
export async function confirmCancel(context: CliContext, row: OrderRow): Promise<boolean> {
  const summary = `order ${row.id} (${formatInr(toRupees(Number(row.total)))}, ${row.full_name}, ${statusLabel(row.status)})`;
  if (!context.ask) throw new CliError(`Add --yes to cancel ${summary} without being asked.`);
  const answer = await context.ask(`Cancel ${summary}? Its items go back into stock. Type yes to cancel: `);
  if (answer.trim().toLowerCase() === 'yes') return true;
  context.stdout('Nothing changed.\n');
  return false;
}
