import { OrderStatus } from '@netkart/contract';
import type { Database, OrderChargeRow, OrderItemRow, OrderRow } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { returnStock } from '../catalog/stock.js';
import { assertMove } from './status.js';

/** Who moved an order, for its timeline: 'shopper', 'system', 'merchant', 'gateway:payu' … */
export interface MoveBy {
  actor: string;
  note?: string;
  /** When it happened, when told later by someone else (a courier's delivery scan); now otherwise. */
  at?: string;
}

/** How a parcel travels: the courier, its tracking number and the courier's tracking page (https). */
export interface Shipment {
  courier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

/** What happened to an order, told inside the transaction that made the change. */
export type OrderChange =
  | { kind: 'placed'; order: OrderRow; items: OrderItemRow[]; charges: OrderChargeRow[] }
  | {
      kind: 'moved';
      order: OrderRow;
      items: OrderItemRow[];
      charges: OrderChargeRow[];
      from: number;
      to: number;
      by?: MoveBy;
    };

/** Work done in the change's own transaction (the messages it sends): it commits or rolls back with it. */
export type OrderChangeHook = (trx: Database, change: OrderChange) => Promise<void>;

export const shipmentColumns = (shipment: Shipment) => ({
  courier: shipment.courier ?? null,
  tracking_number: shipment.trackingNumber ?? null,
  tracking_url: shipment.trackingUrl ?? null,
});

/**
 * A correction of a Shipped order's tracking: what is not given stays as it was (the courier, its
 * link). A kept link that named the old tracking number names the new one.
 */
export function correctedShipment(
  row: Pick<OrderRow, 'courier' | 'tracking_number' | 'tracking_url'>,
  change: Shipment,
) {
  const trackingNumber = change.trackingNumber ?? row.tracking_number;
  let trackingUrl = change.trackingUrl ?? row.tracking_url;
  if (!change.trackingUrl && trackingUrl && row.tracking_number && trackingNumber !== row.tracking_number) {
    trackingUrl = trackingUrl
      .split(encodeURIComponent(row.tracking_number))
      .join(encodeURIComponent(trackingNumber ?? ''));
  }
  return { courier: change.courier ?? row.courier, tracking_number: trackingNumber, tracking_url: trackingUrl };
}

/**
 * Moves an order read in `trx` through the state machine. The update is guarded by the status it
 * was read with, so two concurrent moves cannot both win. Cancelling returns the stock.
 */
export async function moveRow(
  trx: Database,
  row: OrderRow,
  to: OrderStatus,
  options: { shipment?: Shipment; cancelReason?: string; by?: MoveBy },
  onChange: OrderChangeHook | undefined,
): Promise<OrderRow> {
  assertMove(row.status, to, options.cancelReason);
  const changes = {
    status: to,
    updated_at: nowIso(),
    ...(options.shipment ? shipmentColumns(options.shipment) : {}),
    ...(to === OrderStatus.Cancelled ? { cancel_reason: options.cancelReason ?? null } : {}),
  };
  const updated = await trx
    .updateTable('orders')
    .set(changes)
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict('The order changed meanwhile. Please try again.');
  if (to === OrderStatus.Cancelled) await returnOrderedStock(trx, row);
  await recordEvent(trx, {
    storeId: row.store_id,
    orderId: row.id,
    from: row.status,
    to,
    by: options.by ?? { actor: 'merchant' },
  });
  const moved = { ...row, ...changes };
  if (onChange) {
    const items = await trx
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('position')
      .execute();
    const charges = await trx
      .selectFrom('order_charges')
      .selectAll()
      .where('order_id', '=', row.id)
      .orderBy('position')
      .execute();
    await onChange(trx, {
      kind: 'moved',
      order: moved,
      items,
      charges,
      from: row.status,
      to,
      by: options.by ?? { actor: 'merchant' },
    });
  }
  return moved;
}

/** A cancelled order's items go back on the shelf: the catalogue takes them back. */
async function returnOrderedStock(trx: Database, order: Pick<OrderRow, 'id' | 'store_id'>): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .select(['product_id', 'quantity', 'variant_sku'])
    .where('order_id', '=', order.id)
    .execute();
  await returnStock(
    trx,
    order.store_id,
    items.map((item) => ({ productId: item.product_id, quantity: item.quantity, variantSku: item.variant_sku })),
  );
}

/** One line of an order's timeline. */
export async function recordEvent(
  trx: Database,
  event: { storeId: string; orderId: string; from: number | null; to: number; by: MoveBy },
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      id: newId(),
      order_id: event.orderId,
      store_id: event.storeId,
      from_status: event.from,
      to_status: event.to,
      actor: event.by.actor,
      note: event.by.note ?? null,
      created_at: event.by.at ?? nowIso(),
    })
    .execute();
}
