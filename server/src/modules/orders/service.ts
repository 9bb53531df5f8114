import { type CreateOrderRequest, digitsOf, type Order, OrderStatus } from '@store/contract';
import type { Database, OrderItemRow, OrderRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, newOrderNumber, nowIso } from '../../http/ids.js';
import { toRupees } from '../../http/money.js';
import { assertMove } from './status.js';

export const ORDER_NOT_FOUND = 'Order not found or access denied.';
export const STANDARD_SHIPPING = 'Standard Shipping';

export class OrderService {
  constructor(private readonly db: Database) {}

  /**
   * One transaction: prices from the catalogue, stock taken with a guarded update (never below zero),
   * and each line keeps a snapshot of the title and price it was sold at.
   */
  async create(storeId: string, user: UserRow, input: CreateOrderRequest): Promise<Order> {
    const productIds = Object.keys(input.products);
    const orderId = newOrderNumber();
    const now = nowIso();
    const address = input.shippingAddress;

    await writeTransaction(this.db, async (trx) => {
      const products = await trx
        .selectFrom('products')
        .select(['id', 'title', 'regular_price', 'discounted_price', 'stock'])
        .where('store_id', '=', storeId)
        .where('hidden', '=', 0)
        .where('id', 'in', productIds)
        .execute();
      const byId = new Map(products.map((product) => [product.id, product]));
      const missing = productIds.filter((id) => !byId.has(id));
      if (missing.length) {
        throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
      }

      let total = 0;
      const items: OrderItemRow[] = [];
      for (const [position, productId] of productIds.entries()) {
        const product = byId.get(productId);
        const quantity = input.products[productId];
        if (!product || quantity === undefined) continue;
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ stock: eb('stock', '-', quantity) }))
          .where('id', '=', productId)
          .where('stock', '>=', quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          throw conflict(
            product.stock > 0
              ? `Only ${product.stock} left of ${product.title}. Please lower the quantity.`
              : `${product.title} is out of stock.`,
          );
        }
        const unitPrice = Number(product.discounted_price ?? product.regular_price);
        total += unitPrice * quantity;
        items.push({
          id: newId(),
          order_id: orderId,
          product_id: productId,
          product_title: product.title,
          quantity,
          unit_price: unitPrice,
          position,
        });
      }

      await trx
        .insertInto('orders')
        .values({
          id: orderId,
          store_id: storeId,
          user_id: user.id,
          email: user.email,
          status: OrderStatus.Pending,
          total,
          full_name: address.fullName,
          address: address.address,
          city: address.city,
          state: address.state,
          postal_code: address.postalCode,
          phone: address.phone,
          phone_digits: digitsOf(address.phone),
          shipping_method: STANDARD_SHIPPING,
          tracking_number: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('order_items').values(items).execute();
    });

    const order = await this.findRow(storeId, orderId);
    if (!order) throw new Error('The order just written could not be read back.');
    const [shown] = await this.withItems([order]);
    if (!shown) throw new Error('The order just written could not be read back.');
    return shown;
  }

  async listForUser(storeId: string, userId: string): Promise<Order[]> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return this.withItems(rows);
  }

  /** The store's orders for its merchant, newest first. `since` is an ISO instant. */
  async listForStore(
    storeId: string,
    filter: { status?: OrderStatus; since?: string; limit: number },
  ): Promise<OrderRow[]> {
    let query = this.db.selectFrom('orders').selectAll().where('store_id', '=', storeId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.since) query = query.where('created_at', '>=', filter.since);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
  }

  /**
   * The order for its owner, or for anyone who knows its email or phone; every other read gets
   * the same 404, whether or not the order exists.
   */
  async findReadable(storeId: string, id: string, reader: { user?: UserRow; contactInfo?: string }): Promise<Order> {
    const row = await this.findRow(storeId, id);
    if (!row || !mayRead(row, reader)) throw notFound(ORDER_NOT_FOUND);
    const [order] = await this.withItems([row]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  async findRow(storeId: string, id: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id.toUpperCase())
      .executeTakeFirst();
  }

  /**
   * Moves an order through the state machine. The update is guarded by the status it was read
   * with, so two concurrent moves cannot both win. Cancelling returns the stock.
   */
  async move(
    storeId: string,
    id: string,
    to: OrderStatus,
    options: { trackingNumber?: string; db?: Database } = {},
  ): Promise<OrderRow> {
    const run = async (trx: Database) => {
      const row = await trx
        .selectFrom('orders')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('id', '=', id.toUpperCase())
        .executeTakeFirst();
      if (!row) throw notFound(ORDER_NOT_FOUND);
      assertMove(row.status, to);
      const moved = await trx
        .updateTable('orders')
        .set({
          status: to,
          updated_at: nowIso(),
          ...(options.trackingNumber !== undefined ? { tracking_number: options.trackingNumber } : {}),
        })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict('The order changed meanwhile. Please try again.');
      if (to === OrderStatus.Cancelled) {
        const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', row.id).execute();
        for (const item of items) {
          await trx
            .updateTable('products')
            .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
            .where('id', '=', item.product_id)
            .execute();
        }
      }
      return { ...row, status: to, tracking_number: options.trackingNumber ?? row.tracking_number };
    };
    return options.db ? run(options.db) : writeTransaction(this.db, run);
  }

  async withItems(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await this.db
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
    return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
  }
}

function mayRead(order: OrderRow, reader: { user?: UserRow; contactInfo?: string }): boolean {
  if (reader.user && reader.user.id === order.user_id) return true;
  const contact = reader.contactInfo?.trim();
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === order.email.toLowerCase();
  const digits = digitsOf(contact);
  // Compare the last ten digits, so +91 98765 43210, 09876543210 and 9876543210 all match.
  return digits.length >= 10 && order.phone_digits.length >= 10 && digits.slice(-10) === order.phone_digits.slice(-10);
}

export function toOrder(row: OrderRow, items: OrderItemRow[]): Order {
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
  };
}
