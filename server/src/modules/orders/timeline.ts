import { COD_PAYMENT, OrderStatus, type OrderTimelineEntry, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { eventsOfOrder, findOrderRow } from './queries.js';
import { statusLabel } from './status.js';

/** One line of an order's timeline, as a module gives it: when (ISO instant), what kind, its words. */
export type TimelineEntry = OrderTimelineEntry;

/**
 * A module's part of an order's story: its lines, in any order. THE list of them is wired in
 * services.ts (orders, payments, couriers …); adding one is one line there.
 */
export type TimelineSource = (db: Database, storeId: string, orderId: string) => Promise<TimelineEntry[]>;

/** The actor of the steps a courier reported (they keep the status): the couriers' own source tells them. */
const COURIER_ACTOR = /^courier:/;

/**
 * The orders' part: each status move (placed, paid or COD confirmed, shipped with its courier, AWB
 * and tracking page, delivered, cancelled with its reason, returned to origin) and each correction
 * of the tracking by staff. Staff notes stay in the back office's own list of moves.
 */
export const orderTimeline: TimelineSource = async (db, storeId, orderId) => {
  const order = await findOrderRow(db, storeId, orderId);
  if (!order) return [];
  const events = await eventsOfOrder(db, storeId, order.id);
  const shipment = [order.courier, order.tracking_number ? `AWB ${order.tracking_number}` : null]
    .filter(Boolean)
    .join(' · ');
  const shipped = {
    ...(shipment ? { detail: shipment } : {}),
    ...(order.tracking_url ? { link: order.tracking_url } : {}),
  };
  const entries: TimelineEntry[] = [];
  for (const event of events) {
    const at = event.created_at;
    if (event.from_status === null) {
      entries.push({ at, kind: 'placed', label: 'Order placed' });
    } else if (event.from_status === event.to_status) {
      if (COURIER_ACTOR.test(event.actor)) continue;
      if (event.to_status === OrderStatus.Shipped) {
        entries.push({ at, kind: 'tracking-changed', label: 'Tracking details updated', ...shipped });
      }
    } else if (event.to_status === OrderStatus.Processing) {
      entries.push(
        order.payment_provider === COD_PAYMENT
          ? { at, kind: 'cod-confirmed', label: 'Cash on delivery confirmed' }
          : { at, kind: 'paid', label: 'Paid' },
      );
    } else if (event.to_status === OrderStatus.Shipped) {
      entries.push({ at, kind: 'shipped', label: 'Shipped', ...shipped });
    } else if (event.to_status === OrderStatus.Delivered) {
      entries.push({ at, kind: 'delivered', label: 'Delivered' });
    } else if (event.to_status === OrderStatus.Cancelled) {
      const rto = order.cancel_reason === RETURNED_TO_ORIGIN_REASON && event.from_status === OrderStatus.Shipped;
      entries.push({
        at,
        kind: rto ? 'rto' : 'cancelled',
        label: rto ? 'Returned to the seller (RTO)' : 'Cancelled',
        ...(order.cancel_reason && !rto ? { detail: order.cancel_reason } : {}),
      });
    } else {
      entries.push({ at, kind: 'status', label: statusLabel(event.to_status) });
    }
  }
  return entries;
};

/**
 * Every source's lines, merged oldest first; lines at the same instant keep their sources' order
 * (the order's own move before what followed from it).
 */
export async function mergedTimeline(
  db: Database,
  sources: readonly TimelineSource[],
  storeId: string,
  orderId: string,
): Promise<TimelineEntry[]> {
  const parts = await Promise.all(sources.map((source) => source(db, storeId, orderId)));
  return parts
    .flatMap((entries, source) => entries.map((entry, index) => ({ entry, source, index })))
    .sort((a, b) => Date.parse(a.entry.at) - Date.parse(b.entry.at) || a.source - b.source || a.index - b.index)
    .map(({ entry }) => entry);
}
