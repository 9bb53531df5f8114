import { COD_PAYMENT, OrderStatus, type ShopperCancelReason, shopperCancelReasonText } from '@netkart/contract';
import type { Database, OrderRow, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { formatInr, toRupees } from '../../shared/money.js';
import type { AuditLog } from '../audit/service.js';
import { type MoveBy, moveRow, type OrderChangeHook } from './moves.js';
import { statusLabel } from './status.js';

/** The shopper's own name in the timeline and the activity log. */
export const SHOPPER_ACTOR = 'shopper';
const shopperActor = (user: Pick<UserRow, 'email' | 'phone'>) => `shopper:${user.email ?? user.phone ?? ''}`;

export interface ShopperCancellation {
  order: OrderRow;
  refund: 'none' | 'started';
  message: string;
}

/**
 * Why a shopper's order cannot be cancelled now, naming what they can do instead; undefined when
 * it can (unpaid, or paid and not yet shipped).
 */
export function whyNotCancellable(order: Pick<OrderRow, 'id' | 'status'>): string | undefined {
  switch (order.status) {
    case OrderStatus.Pending:
    case OrderStatus.Processing:
      return undefined;
    case OrderStatus.Shipped:
      return `Order ${order.id} has already shipped, so it can no longer be cancelled. Once it arrives you can return it under the shop's return policy.`;
    case OrderStatus.Delivered:
      return `Order ${order.id} has been delivered, so it can no longer be cancelled. You can return it under the shop's return policy.`;
    case OrderStatus.Cancelled:
      return `Order ${order.id} is already cancelled. You can order its items again from My Orders.`;
    default:
      return `Order ${order.id} cannot be cancelled. Please contact the shop.`;
  }
}

/**
 * A shopper cancels their own order, in one transaction: the same guarded move the back office
 * makes (stock back, timeline, the shopper's email through the change hook, and a paid order's
 * refund where the payments listen for it), and an activity-log entry with it. Another shopper's
 * order is the same 404 as a missing one.
 */
export async function cancelOwnOrder(
  trx: Database,
  row: OrderRow | undefined,
  shopper: { user: UserRow; reason?: ShopperCancelReason; note?: string },
  neighbours: { onChange: OrderChangeHook | undefined; audit: AuditLog | undefined; notFoundMessage: string },
): Promise<ShopperCancellation> {
  if (!row || row.user_id !== shopper.user.id) throw notFound(neighbours.notFoundMessage);
  const refused = whyNotCancellable(row);
  if (refused) throw conflict(refused);
  const cancelReason = shopperCancelReasonText(shopper.reason, shopper.note);
  const by: MoveBy = { actor: SHOPPER_ACTOR, note: cancelReason };
  const moved = await moveRow(trx, row, OrderStatus.Cancelled, { cancelReason, by }, neighbours.onChange);
  // A confirmed cash-on-delivery order is Processing with no money taken yet: nothing to refund.
  const paid = row.status === OrderStatus.Processing && row.payment_provider !== COD_PAYMENT;
  await neighbours.audit?.record(trx, {
    storeId: row.store_id,
    actor: shopperActor(shopper.user),
    action: 'order.cancelled',
    subject: `order:${row.id}`,
    before: { status: statusLabel(row.status) },
    after: {
      status: 'Cancelled',
      ...(shopper.reason ? { reason: shopper.reason } : {}),
      ...(shopper.note ? { note: shopper.note } : {}),
      refund: paid ? 'started' : 'none',
    },
  });
  return {
    order: moved,
    refund: paid ? 'started' : 'none',
    message: paid
      ? `Your order ${row.id} is cancelled. A refund of ${formatInr(toRupees(Number(row.total)))} to the way you paid has been started.`
      : `Your order ${row.id} is cancelled. No payment was taken.`,
  };
}
