import {
  COD_PAYMENT,
  indianMobileDigits,
  maskedPhone,
  type Order,
  type OrderDocument,
  OrderStatus,
} from '@netkart/contract';
import type { Database, OrderChargeRow, OrderEventRow, OrderItemRow, OrderRow, UserRow } from '../../db/schema.js';
import { toRupees } from '../../shared/money.js';
import { chargesOfOrders, shownCharges, toOrderCharge } from './charges.js';

/** An order's row by its number (as typed: any case), in `db` (the caller's transaction, or not). */
export function findOrderRow(db: Database, storeId: string, id: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', id.toUpperCase())
    .executeTakeFirst();
}

/** A shopper's orders, newest first (the last 500). */
export function ordersOfUser(db: Database, storeId: string, userId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}

/** The store's orders for its merchant, newest first. `since` is an ISO instant. */
export function ordersOfStore(
  db: Database,
  storeId: string,
  filter: { status?: OrderStatus; since?: string; limit: number },
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('store_id', '=', storeId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.since) query = query.where('created_at', '>=', filter.since);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** A shopper's orders not yet delivered or cancelled, oldest first. */
export async function unfinishedOrderIds(db: Database, storeId: string, userId: string): Promise<string[]> {
  const open = await db
    .selectFrom('orders')
    .select('id')
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .where('status', 'in', [OrderStatus.Pending, OrderStatus.Processing, OrderStatus.Shipped])
    .orderBy('created_at')
    .execute();
  return open.map((order) => order.id);
}

/** Which of these products some order holds (an ordered product stays in the catalogue for its orders). */
export async function productsOrderedAmong(db: Database, productIds: string[]): Promise<Set<string>> {
  const ordered = await db
    .selectFrom('order_items')
    .select('product_id')
    .distinct()
    .where('product_id', 'in', productIds)
    .execute();
  return new Set(ordered.map((item) => item.product_id));
}

/** An order's status moves, oldest first. */
export function eventsOfOrder(db: Database, storeId: string, orderId: string): Promise<OrderEventRow[]> {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId.toUpperCase())
    .orderBy('created_at')
    .execute();
}

/**
 * The documents issued for each of these orders, oldest first. The invoices sit above the orders,
 * so the wiring passes their reader in.
 */
export type DocumentsOf = (orderIds: string[]) => Promise<Map<string, OrderDocument[]>>;

/** The orders as the API shows them: with their items and their invoices' documents. */
export async function ordersWithItems(db: Database, rows: OrderRow[], documentsOf: DocumentsOf): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('position')
    .execute();
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  const documents = await documentsOf(rows.map((row) => row.id));
  const charges = await chargesOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toOrder(row, byOrder.get(row.id) ?? [], documents.get(row.id) ?? [], charges.get(row.id) ?? []),
  );
}

/** Its owner may read an order, and anyone who gives its email or phone. */
export function mayRead(order: OrderRow, reader: { user?: UserRow; contactInfo?: string }): boolean {
  if (reader.user && reader.user.id === order.user_id) return true;
  const contact = reader.contactInfo?.trim();
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === order.email.toLowerCase();
  // Both read as Indian mobile numbers: +91 98765 43210, 098765 43210 and 9876543210 match; other digits never do.
  const mobile = indianMobileDigits(contact);
  return mobile !== undefined && mobile === indianMobileDigits(order.phone_digits);
}

export function toOrder(
  row: OrderRow,
  items: OrderItemRow[],
  documents: OrderDocument[] = [],
  charges: OrderChargeRow[] = [],
): Order {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.created_at,
    items: items.map((item) => ({
      id: item.id,
      productId: item.product_id,
      productTitle: item.product_title,
      quantity: item.quantity,
      price: toRupees(Number(item.unit_price)),
      size: item.size,
      color: item.color,
      ...(item.variant_sku ? { variantSku: item.variant_sku } : {}),
    })),
    shippingAddress: {
      fullName: row.full_name,
      address: row.address,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      phone: row.phone,
    },
    total: toRupees(Number(row.total)),
    shippingMethod: row.shipping_method,
    trackingNumber: row.tracking_number,
    courier: row.courier,
    trackingUrl: row.tracking_url,
    cancelReason: row.status === OrderStatus.Cancelled ? row.cancel_reason : null,
    deliveryEstimate:
      row.delivery_earliest && row.delivery_latest
        ? { earliest: row.delivery_earliest, latest: row.delivery_latest }
        : null,
    documents,
    charges: shownCharges(charges).map(toOrderCharge),
    // A COD order waits Pending for the shopper's code; once confirmed it is Processing (ready to ship).
    ...(row.payment_provider === COD_PAYMENT
      ? { cod: { awaitingConfirmation: row.status === OrderStatus.Pending, phone: maskedPhone(row.phone) } }
      : {}),
  };
}
