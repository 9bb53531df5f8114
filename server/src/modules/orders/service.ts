import {
  type CreateOrderInput,
  digitsOf,
  indianMobileDigits,
  ORDER_EXPIRED_REASON,
  type Order,
  type OrderDocument,
  type OrderLine,
  OrderStatus,
} from '@store/contract';
import { SqliteAdapter, sql } from 'kysely';
import type { Database, OrderEventRow, OrderItemRow, OrderRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, newOrderNumber, nowIso } from '../../shared/ids.js';
import { toRupees } from '../../shared/money.js';
import { stockChanged } from '../catalog/catalog-version.js';
import { shownOnly } from '../catalog/shown.js';
import { documentsOfOrders } from '../invoices/listing.js';
import { chooseOptions, type OrderedProduct } from './lines.js';
import { assertMove, statusLabel } from './status.js';

export const ORDER_NOT_FOUND = 'Order not found or access denied.';
export const STANDARD_SHIPPING = 'Standard Shipping';

/** How long unpaid orders hold stock, and how many one shopper may keep open. */
export interface OrderPolicy {
  /** Orders paid through an online gateway: minutes Pending before they are cancelled. */
  pendingOrderMinutes: number;
  /** Orders confirmed by hand (UPI transfers by UTR, stores with no online payment): hours. */
  manualPendingHours: number;
  /** Unpaid orders one account, or one network address, may hold at once. */
  maxOpenOrders: number;
}

export const DEFAULT_ORDER_POLICY: OrderPolicy = { pendingOrderMinutes: 30, manualPendingHours: 24, maxOpenOrders: 3 };

/**
 * Whether an order's payment is confirmed by hand (its provider's declaration, given by the caller):
 * such orders wait the longer time. Without one, only an order with no provider does.
 */
export type WaitsByHand = (paymentProvider: string | null) => boolean;
const NO_PROVIDER_WAITS: WaitsByHand = (provider) => provider === null || provider === 'none';

/** Who moved an order, for its timeline: 'shopper', 'system', 'merchant', 'gateway:payu' … */
export interface MoveBy {
  actor: string;
  note?: string;
}

/** How a parcel travels: the courier, its tracking number and the courier's tracking page (https). */
export interface Shipment {
  courier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

const shipmentColumns = (shipment: Shipment) => ({
  courier: shipment.courier ?? null,
  tracking_number: shipment.trackingNumber ?? null,
  tracking_url: shipment.trackingUrl ?? null,
});

export interface PlaceOrder {
  /** The store's payment provider now: it decides how long the order may wait for payment. */
  paymentProvider: string;
  /** The shopper's network address, for the cap on unpaid orders. */
  clientAddress: string;
}

/** What happened to an order, told inside the transaction that made the change. */
export type OrderChange =
  | { kind: 'placed'; order: OrderRow; items: OrderItemRow[] }
  | { kind: 'moved'; order: OrderRow; items: OrderItemRow[]; from: number; to: number };

/** Work done in the change's own transaction (the messages it sends): it commits or rolls back with it. */
export type OrderChangeHook = (trx: Database, change: OrderChange) => Promise<void>;

/** What asking to mark an order paid did: moved it, or why it could not. */
export type MarkPaidResult = { moved: true; order: OrderRow } | { moved: false; order: OrderRow; reason: string };

export class OrderService {
  constructor(
    private readonly db: Database,
    private readonly policy: OrderPolicy = DEFAULT_ORDER_POLICY,
    private readonly onChange?: OrderChangeHook,
    private readonly waitsByHand: WaitsByHand = NO_PROVIDER_WAITS,
  ) {}

  /**
   * One transaction: prices from the catalogue, each line's size and colour checked against the
   * product's own, stock taken with a guarded update (never below zero) in product-id order so
   * two carts never wait on each other, and each line keeps a snapshot of the title and price.
   */
  async create(storeId: string, user: UserRow, input: CreateOrderInput, placing: PlaceOrder): Promise<Order> {
    const orderId = newOrderNumber();
    const address = input.shippingAddress;

    await writeTransaction(this.db, async (trx) => {
      await this.refuseTooManyOpen(trx, storeId, user.id, placing.clientAddress);
      const productIds = [...new Set(input.lines.map((line) => line.productId))].sort();
      const products = await trx
        .selectFrom('products')
        .select(['id', 'title', 'regular_price', 'discounted_price', 'stock', 'attributes_json', 'hsn', 'gst_rate'])
        .where('store_id', '=', storeId)
        .where(shownOnly())
        .where('id', 'in', productIds)
        .execute();
      const byId = new Map(products.map((product) => [product.id, product]));
      if (productIds.some((id) => !byId.has(id))) {
        throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
      }
      const lines = mergeSameChoices(input.lines.map((line) => chooseOptions(line, byId.get(line.productId))));

      const wanted = new Map<string, number>();
      for (const line of lines) wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
      for (const [productId, quantity] of wanted) {
        const product = byId.get(productId);
        if (product && quantity > product.stock) throw new HttpError(400, notEnoughStock(product));
      }
      let soldOut = false;
      for (const productId of productIds) {
        const quantity = wanted.get(productId) ?? 0;
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ stock: eb('stock', '-', quantity) }))
          .where('id', '=', productId)
          .where('stock', '>=', quantity)
          .returning('stock')
          .executeTakeFirst();
        if (taken && Number(taken.stock) === 0) soldOut = true;
        if (!taken) {
          // Someone else bought it between our read and this update: tell what is left now.
          const now = await trx
            .selectFrom('products')
            .select(['title', 'stock'])
            .where('id', '=', productId)
            .executeTakeFirst();
          throw new HttpError(400, notEnoughStock(now ?? { title: 'A product', stock: 0 }));
        }
      }
      // Listings show what is left; a product now out of stock leaves "in stock" listings and counts.
      await stockChanged(trx, storeId, soldOut);

      const items: OrderItemRow[] = lines.map((line, position) => ({
        id: newId(),
        order_id: orderId,
        product_id: line.product.id,
        product_title: line.product.title,
        quantity: line.quantity,
        unit_price: unitPrice(line.product),
        position,
        size: line.size ?? null,
        color: line.color ?? null,
        // The line is taxed at the HSN and rate it was sold at, whatever the catalogue says later.
        hsn: line.product.hsn,
        gst_rate: line.product.gst_rate,
      }));
      const now = nowIso();
      const row: OrderRow = {
        id: orderId,
        store_id: storeId,
        user_id: user.id,
        email: user.email,
        status: OrderStatus.Pending,
        total: items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0),
        full_name: address.fullName,
        address: address.address,
        city: address.city,
        state: address.state,
        postal_code: address.postalCode,
        phone: address.phone,
        phone_digits: digitsOf(address.phone),
        shipping_method: STANDARD_SHIPPING,
        tracking_number: null,
        courier: null,
        tracking_url: null,
        cancel_reason: null,
        payment_provider: placing.paymentProvider,
        client_address: placing.clientAddress,
        created_at: now,
        updated_at: now,
        buyer_gstin: input.buyerGstin ?? null,
        buyer_company: input.buyerCompany ?? null,
      };
      await trx.insertInto('orders').values(row).execute();
      await trx.insertInto('order_items').values(items).execute();
      await recordEvent(trx, { storeId, orderId, from: null, to: OrderStatus.Pending, by: { actor: 'shopper' } });
      await this.onChange?.(trx, { kind: 'placed', order: row, items });
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

  async findRow(storeId: string, id: string, db: Database = this.db): Promise<OrderRow | undefined> {
    return db
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
    options: { shipment?: Shipment; cancelReason?: string; db?: Database; by?: MoveBy } = {},
  ): Promise<OrderRow> {
    const run = async (trx: Database) => {
      const row = await this.findRow(storeId, id, trx);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return this.moveRow(trx, row, to, options);
    };
    return options.db ? run(options.db) : writeTransaction(this.db, run);
  }

  /**
   * A payment for the order was verified: Pending → Processing, within the payment's own
   * transaction. When the order cannot take it (cancelled, already paid, another amount) it is
   * left as it is and the reason returned, so the payment can be flagged for refund.
   */
  async markPaid(
    trx: Database,
    storeId: string,
    orderId: string,
    payment: { amount: number; by: MoveBy },
  ): Promise<MarkPaidResult | undefined> {
    const row = await this.findRow(storeId, orderId, trx);
    if (!row) return undefined;
    if (payment.amount !== Number(row.total)) {
      return { moved: false, order: row, reason: 'The amount paid does not match the order total.' };
    }
    if (row.status !== OrderStatus.Pending) {
      const reason =
        row.status === OrderStatus.Cancelled
          ? `The order was cancelled${row.cancel_reason ? ` (${row.cancel_reason.toLowerCase()})` : ''} before the payment arrived.`
          : 'The order was already paid.';
      return { moved: false, order: row, reason };
    }
    try {
      return { moved: true, order: await this.moveRow(trx, row, OrderStatus.Processing, { by: payment.by }) };
    } catch (error) {
      // Another payment (or a cancellation) moved it after our read: read again and say which.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      return this.markPaid(trx, storeId, orderId, payment);
    }
  }

  /**
   * Cancels the orders that waited too long for payment and returns their stock: online payments
   * after `pendingOrderMinutes`, hand-confirmed ones (UPI, no provider) after `manualPendingHours`.
   * Safe to run in several processes at once: each cancellation is guarded by the order's status.
   */
  async expireUnpaid(now = Date.now()): Promise<string[]> {
    const onlineCutoff = new Date(now - this.policy.pendingOrderMinutes * 60_000).toISOString();
    const manualCutoff = new Date(now - this.policy.manualPendingHours * 3_600_000).toISOString();
    const stale = await this.db
      .selectFrom('orders')
      .select(['id', 'store_id', 'payment_provider', 'created_at'])
      .where('status', '=', OrderStatus.Pending)
      // Older than the later cutoff: a candidate for either; each is checked against its own below.
      .where('created_at', '<', onlineCutoff > manualCutoff ? onlineCutoff : manualCutoff)
      .orderBy('created_at')
      .limit(500)
      .execute();
    const expired: string[] = [];
    for (const order of stale) {
      const manual = this.waitsByHand(order.payment_provider);
      if (order.created_at >= (manual ? manualCutoff : onlineCutoff)) continue;
      try {
        await this.move(order.store_id, order.id, OrderStatus.Cancelled, {
          cancelReason: ORDER_EXPIRED_REASON,
          by: { actor: 'system', note: ORDER_EXPIRED_REASON },
        });
        expired.push(order.id);
      } catch (error) {
        // Paid or cancelled by someone else meanwhile: nothing to do.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      }
    }
    return expired;
  }

  /** Corrects a Shipped order's courier and tracking (a mistyped number, a new link); recorded in its timeline. */
  async updateShipment(storeId: string, id: string, shipment: Shipment, by: MoveBy): Promise<OrderRow> {
    return writeTransaction(this.db, async (trx) => {
      const row = await this.findRow(storeId, id, trx);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      if (row.status !== OrderStatus.Shipped) {
        throw conflict(`Only a Shipped order's tracking can be changed; this order is ${statusLabel(row.status)}.`);
      }
      const changes = { ...shipmentColumns(shipment), updated_at: nowIso() };
      await trx.updateTable('orders').set(changes).where('id', '=', row.id).execute();
      await recordEvent(trx, {
        storeId,
        orderId: row.id,
        from: row.status,
        to: row.status,
        by: { ...by, note: by.note ?? 'tracking changed' },
      });
      return { ...row, ...changes };
    });
  }

  /** An order's status moves, oldest first. */
  async events(storeId: string, orderId: string): Promise<OrderEventRow[]> {
    return this.db
      .selectFrom('order_events')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .orderBy('created_at')
      .execute();
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
    const documents = await documentsOfOrders(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? [], documents.get(row.id) ?? []));
  }

  private async moveRow(
    trx: Database,
    row: OrderRow,
    to: OrderStatus,
    options: { shipment?: Shipment; cancelReason?: string; by?: MoveBy },
  ): Promise<OrderRow> {
    assertMove(row.status, to);
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
    if (to === OrderStatus.Cancelled) await returnStock(trx, row);
    await recordEvent(trx, {
      storeId: row.store_id,
      orderId: row.id,
      from: row.status,
      to,
      by: options.by ?? { actor: 'merchant' },
    });
    const moved = { ...row, ...changes };
    if (this.onChange) {
      const items = await trx
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', row.id)
        .orderBy('position')
        .execute();
      await this.onChange(trx, { kind: 'moved', order: moved, items, from: row.status, to });
    }
    return moved;
  }

  private async refuseTooManyOpen(trx: Database, storeId: string, userId: string, clientAddress: string) {
    // PostgreSQL runs orders side by side: one account's (or address's) orders take turns here, so
    // five at once cannot all count three open. SQLite's write lock already runs them one by one.
    await lockForThisTransaction(trx, [
      `open-orders|${storeId}|user|${userId}`,
      `open-orders|${storeId}|address|${clientAddress}`,
    ]);
    const open = (column: 'user_id' | 'client_address', value: string) =>
      trx
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', storeId)
        .where(column, '=', value)
        .where('status', '=', OrderStatus.Pending)
        .limit(this.policy.maxOpenOrders)
        .execute();
    const [byUser, byAddress] = await Promise.all([open('user_id', userId), open('client_address', clientAddress)]);
    if (byUser.length >= this.policy.maxOpenOrders || byAddress.length >= this.policy.maxOpenOrders) {
      throw conflict(
        `You already have ${this.policy.maxOpenOrders} orders waiting for payment. Please pay for one of them (My Orders → Pay Now) before placing another.`,
      );
    }
  }
}

const unitPrice = (product: OrderedProduct) => Number(product.discounted_price ?? product.regular_price);

const notEnoughStock = (product: { title: string; stock: number }) =>
  product.stock > 0
    ? `Only ${product.stock} left of ${product.title}. Please lower the quantity.`
    : `${product.title} is out of stock.`;

/** Lines of the same product with the same size and colour become one line. */
function mergeSameChoices<L extends OrderLine & { product: OrderedProduct }>(lines: L[]): L[] {
  const merged = new Map<string, L>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.size ?? null, line.color ?? null]);
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/** PostgreSQL advisory locks held until the transaction ends, always taken in the order given. */
async function lockForThisTransaction(trx: Database, keys: string[]): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

async function returnStock(trx: Database, order: Pick<OrderRow, 'id' | 'store_id'>): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', order.id)
    .execute();
  const byProduct = new Map<string, number>();
  for (const item of items) byProduct.set(item.product_id, (byProduct.get(item.product_id) ?? 0) + item.quantity);
  // In product-id order, like taking it: no two transactions lock the same rows in opposite order.
  let backInStock = false;
  for (const productId of [...byProduct.keys()].sort()) {
    const quantity = byProduct.get(productId) ?? 0;
    const returned = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', productId)
      .returning('stock')
      .executeTakeFirst();
    if (returned && Number(returned.stock) === quantity) backInStock = true;
  }
  // Listings show what is left; a product that was out of stock is listed as in stock again.
  if (items.length) await stockChanged(trx, order.store_id, backInStock);
}

async function recordEvent(
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
      created_at: nowIso(),
    })
    .execute();
}

function mayRead(order: OrderRow, reader: { user?: UserRow; contactInfo?: string }): boolean {
  if (reader.user && reader.user.id === order.user_id) return true;
  const contact = reader.contactInfo?.trim();
  if (!contact) return false;
  if (contact.includes('@')) return contact.toLowerCase() === order.email.toLowerCase();
  // Both read as Indian mobile numbers: +91 98765 43210, 098765 43210 and 9876543210 match; other digits never do.
  const mobile = indianMobileDigits(contact);
  return mobile !== undefined && mobile === indianMobileDigits(order.phone_digits);
}

export function toOrder(row: OrderRow, items: OrderItemRow[], documents: OrderDocument[] = []): Order {
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
    documents,
  };
}

export { statusLabel };
