import {
  COD_NOT_CONFIRMED_REASON,
  COD_PAYMENT,
  type CreateOrderInput,
  ORDER_EXPIRED_REASON,
  type Order,
  OrderStatus,
  PINCODE_PATTERN,
  type ShopperCancelReason,
} from '@netkart/contract';
import type { Database, OrderEventRow, OrderItemRow, OrderRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newOrderNumber, nowIso } from '../../shared/ids.js';
import type { AuditLog } from '../audit/service.js';
import {
  type DeliveryPromiseOf,
  promisedDelivery,
  refuseAddressOutsideItsPin,
  type StateOfPincode,
} from '../pincodes/address-check.js';
import { chargesOfOrders, itemDiscounts, type OrderCharges } from './charges.js';
import { placeExchange } from './exchange.js';
import { correctedShipment, type MoveBy, moveRow, type OrderChangeHook, recordEvent, type Shipment } from './moves.js';
import { type PlaceOrder, placeOrder } from './placing.js';
import {
  type DocumentsOf,
  eventsOfOrder,
  findOrderRow,
  mayRead,
  ordersOfStore,
  ordersOfUser,
  ordersWithItems,
  productsOrderedAmong,
  unfinishedOrderIds,
} from './queries.js';
import { type PricedCart, type QuoteInput, quoteCart } from './quote.js';
import { cancelOwnOrder } from './shopper-cancel.js';
import { OrderStaffQueries, type StaffOrderPage, type StaffOrderQuery } from './staff-queries.js';
import { statusLabel } from './status.js';
import { mergedTimeline, orderTimeline, type TimelineEntry, type TimelineSource } from './timeline.js';

export type { ChargedOrder, NewCharge, OrderCharges } from './charges.js';
export { chargesOfOrders, piecesDiscount, shownCharges, spreadByValue } from './charges.js';
export type { MoveBy, OrderChange, OrderChangeHook, Shipment } from './moves.js';
export { type PaymentCheck, type PlaceOrder, STANDARD_SHIPPING } from './placing.js';
export { type DocumentsOf, toOrder } from './queries.js';
export type { PricedCart } from './quote.js';
export { orderTimeline, type TimelineEntry, type TimelineSource } from './timeline.js';

export const ORDER_NOT_FOUND = 'Order not found or access denied.';

/** How long unpaid orders hold stock, and how many one shopper may keep open. */
export interface OrderPolicy {
  /** Orders paid through an online gateway: minutes Pending before they are cancelled. */
  pendingOrderMinutes: number;
  /** Orders confirmed by hand (UPI transfers by UTR, stores with no online payment): hours. */
  manualPendingHours: number;
  /** Unpaid orders one account may hold at once. */
  maxOpenOrders: number;
  /**
   * Unpaid orders placed from one network address within an hour: a high backstop only, as an
   * office's Wi-Fi or a mobile carrier's shared address (CGNAT) is many shoppers.
   */
  maxOpenOrdersPerAddress: number;
  /** Cash-on-delivery orders: hours a COD order waits for the shopper's code before it is cancelled. */
  codConfirmHours: number;
}

export const DEFAULT_ORDER_POLICY: OrderPolicy = {
  pendingOrderMinutes: 30,
  manualPendingHours: 24,
  maxOpenOrders: 3,
  maxOpenOrdersPerAddress: 30,
  codConfirmHours: 24,
};

/** What an erased order keeps in place of the person. */
const ERASED = '';

/**
 * Whether an order's payment is confirmed by hand (its provider's declaration, given by the caller):
 * such orders wait the longer time. Without one, only an order with no provider does.
 */
export type WaitsByHand = (paymentProvider: string | null) => boolean;
const NO_PROVIDER_WAITS: WaitsByHand = (provider) => provider === null || provider === 'none';
const NO_DOCUMENTS: DocumentsOf = async () => new Map();

/** What the orders take from the rooms above them (messages, payments, invoices), passed in by the wiring. */
export interface OrderNeighbours {
  /** Told of each change in its transaction: the invoice and the messages are written with it. */
  onChange?: OrderChangeHook;
  waitsByHand?: WaitsByHand;
  /** The invoices' documents shown with each order (none without it). */
  documentsOf?: DocumentsOf;
  /** The PIN directory: a PIN's state today (an order's address is checked against it). */
  stateOfPincode?: StateOfPincode;
  /** The store's delivery promise for a PIN: an order to a PIN it does not serve is refused, else keeps the estimate. */
  deliveryPromiseOf?: DeliveryPromiseOf;
  /** Keeps an order's address in the shopper's account, in the order's transaction; false when full. */
  saveAddress?: SaveAddress;
  /** The activity log a shopper's own cancellation is written to, in its transaction. */
  audit?: AuditLog;
  /** An order's charges beyond its items (shipping …), worked out as it is placed. */
  charges?: OrderCharges;
  /**
   * Records a shopper's consent to order updates by phone (WhatsApp), asked for with the order, in
   * its transaction and before it is placed: the new order's own update goes out under it.
   */
  consentToUpdates?: ConsentToUpdates;
  /** Keeps the language of the page an order is placed from on the shopper's account, in the order's transaction, before its emails are written. */
  keepLanguage?: (trx: Database, owner: { storeId: string; userId: string }, language: 'en' | 'hi') => Promise<void>;
  /** The parts of an order's timeline, each from the module that knows it (the orders' own when none is given). */
  timeline?: readonly TimelineSource[];
  /** Told once a shopper's cancellation has committed (the courier's booking is cancelled then); its failure is its own. */
  afterCancel?: (storeId: string, orderId: string) => Promise<unknown> | undefined;
}

export type ConsentToUpdates = (
  trx: Database,
  owner: { storeId: string; userId: string },
  phone: string,
) => Promise<void>;

export type SaveAddress = (
  trx: Database,
  owner: { storeId: string; userId: string },
  address: CreateOrderInput['shippingAddress'],
) => Promise<boolean>;

/** What the shopper who asked to save the order's address is told. */
export const ADDRESS_SAVED = 'This address is saved in your account for your next order.';
export const ADDRESS_NOT_SAVED =
  'Your order is placed, but this address was not saved: you already have 10 saved addresses. Remove one in My Account to save another.';

export type { StateOfPincode };

/** What asking to mark an order paid did: moved it, or why it could not. */
export type MarkPaidResult = { moved: true; order: OrderRow } | { moved: false; order: OrderRow; reason: string };

export class OrderService {
  private readonly staffQueries: OrderStaffQueries;
  private readonly onChange: OrderChangeHook | undefined;
  private readonly waitsByHand: WaitsByHand;
  private readonly documentsOf: DocumentsOf;
  private readonly stateOfPincode: StateOfPincode | undefined;
  private readonly deliveryPromiseOf: DeliveryPromiseOf | undefined;
  private readonly saveAddress: SaveAddress | undefined;
  private readonly consentToUpdates: ConsentToUpdates | undefined;
  private readonly keepLanguage: OrderNeighbours['keepLanguage'];
  private readonly audit: AuditLog | undefined;
  private readonly charges: OrderCharges | undefined;
  private readonly timelineSources: readonly TimelineSource[];
  private readonly afterCancel: OrderNeighbours['afterCancel'];

  constructor(
    private readonly db: Database,
    private readonly policy: OrderPolicy = DEFAULT_ORDER_POLICY,
    neighbours: OrderNeighbours = {},
  ) {
    this.onChange = neighbours.onChange;
    this.waitsByHand = neighbours.waitsByHand ?? NO_PROVIDER_WAITS;
    this.documentsOf = neighbours.documentsOf ?? NO_DOCUMENTS;
    this.stateOfPincode = neighbours.stateOfPincode;
    this.deliveryPromiseOf = neighbours.deliveryPromiseOf;
    this.saveAddress = neighbours.saveAddress;
    this.consentToUpdates = neighbours.consentToUpdates;
    this.keepLanguage = neighbours.keepLanguage;
    this.audit = neighbours.audit;
    this.charges = neighbours.charges;
    this.timelineSources = neighbours.timeline ?? [orderTimeline];
    this.afterCancel = neighbours.afterCancel;
    this.staffQueries = new OrderStaffQueries(db);
  }

  /** The back office's list: a page of the store's orders (or a search's), with counts by status. */
  listForStaff(storeId: string, query: StaffOrderQuery): Promise<StaffOrderPage> {
    return this.staffQueries.page(storeId, query);
  }

  /** How many items each of these orders holds. */
  itemCounts(orderIds: string[]): Promise<Map<string, number>> {
    return this.staffQueries.itemCounts(orderIds);
  }

  /** A batch of the orders placed in a span of ISO instants, oldest first, after the order `after`. */
  placedBetween(
    storeId: string,
    span: { from: string; to: string },
    after: { created_at: string; id: string } | undefined,
    limit: number,
  ): Promise<OrderRow[]> {
    return this.staffQueries.placedBetween(storeId, span, after, limit);
  }

  /** The ids, totals and times of the orders in these statuses placed since an ISO instant. */
  inStatusesSince(storeId: string, statuses: OrderStatus[], since: string) {
    return this.staffQueries.inStatusesSince(storeId, statuses, since);
  }

  /** How many orders are in each of these statuses. */
  countInStatuses(storeId: string, statuses: OrderStatus[]): Promise<Map<number, number>> {
    return this.staffQueries.countInStatuses(storeId, statuses);
  }

  /**
   * One transaction (see placing.ts): prices from the catalogue, stock taken by the catalogue with
   * a guarded update (never below zero), each line a snapshot of the title and price.
   */
  async create(storeId: string, user: UserRow, input: CreateOrderInput, placing: PlaceOrder): Promise<Order> {
    if (this.stateOfPincode) await refuseAddressOutsideItsPin(input.shippingAddress, this.stateOfPincode);
    const deliveryEstimate = this.deliveryPromiseOf
      ? await promisedDelivery(storeId, input.shippingAddress.postalCode, this.deliveryPromiseOf)
      : null;
    const orderId = newOrderNumber();
    const openOrders = {
      perAccount: this.policy.maxOpenOrders,
      perAddressPerHour: this.policy.maxOpenOrdersPerAddress,
    };
    const placement = {
      orderId,
      storeId,
      user,
      openOrders,
      onChange: this.onChange,
      deliveryEstimate,
      charges: this.charges,
    };
    const saveAddress = input.saveAddress ? this.saveAddress : undefined;
    const consentToUpdates = input.whatsappUpdates ? this.consentToUpdates : undefined;
    const addressSaved = await writeTransaction(this.db, async (trx) => {
      await consentToUpdates?.(trx, { storeId, userId: user.id }, input.shippingAddress.phone);
      if (input.language) await this.keepLanguage?.(trx, { storeId, userId: user.id }, input.language);
      await placeOrder(trx, placement, input, placing);
      return saveAddress?.(trx, { storeId, userId: user.id }, input.shippingAddress);
    });

    const order = await this.findRow(storeId, orderId);
    if (!order) throw new Error('The order just written could not be read back.');
    const [shown] = await this.withItems([order]);
    if (!shown) throw new Error('The order just written could not be read back.');
    if (addressSaved === undefined) return shown;
    return {
      ...shown,
      addressSave: { saved: addressSaved, message: addressSaved ? ADDRESS_SAVED : ADDRESS_NOT_SAVED },
    };
  }

  /**
   * A cart priced exactly as its order would be (POST /quote): the same items and charge rules as
   * placing, with nothing taken or held. An unknown PIN is refused as placing refuses it.
   */
  async quote(
    storeId: string,
    input: Omit<QuoteInput, 'destination'> & { postalCode?: string | undefined },
  ): Promise<PricedCart> {
    let destination: QuoteInput['destination'];
    if (input.postalCode !== undefined) {
      if (!PINCODE_PATTERN.test(input.postalCode)) {
        throw new HttpError(400, 'postalCode must be a PIN code: 6 digits, not starting with 0.', {}, 'postalCode');
      }
      const known = this.stateOfPincode ? await this.stateOfPincode(input.postalCode) : undefined;
      if (this.stateOfPincode && !known) {
        throw new HttpError(
          400,
          `PIN code ${input.postalCode} is not a PIN code we know. Please check it.`,
          {},
          'postalCode',
        );
      }
      destination = { postalCode: input.postalCode, state: known?.state ?? '' };
    }
    return quoteCart(this.db, storeId, this.charges, { ...input, destination });
  }

  async listForUser(storeId: string, userId: string): Promise<Order[]> {
    return this.withItems(await ordersOfUser(this.db, storeId, userId));
  }

  /** The store's orders for its merchant, newest first. `since` is an ISO instant. */
  async listForStore(
    storeId: string,
    filter: { status?: OrderStatus; since?: string; limit: number },
  ): Promise<OrderRow[]> {
    return ordersOfStore(this.db, storeId, filter);
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

  /** The order's timeline: every source's lines (placed, paid, shipped, tracking, refunds …), oldest first. */
  timeline(storeId: string, orderId: string): Promise<TimelineEntry[]> {
    return mergedTimeline(this.db, this.timelineSources, storeId, orderId);
  }

  async findRow(storeId: string, id: string, db: Database = this.db): Promise<OrderRow | undefined> {
    return findOrderRow(db, storeId, id);
  }

  /**
   * Moves an order through the state machine. The update is guarded by the status it was read
   * with, so two concurrent moves cannot both win. Cancelling returns the stock.
   */
  async move(
    storeId: string,
    id: string,
    to: OrderStatus,
    options: {
      shipment?: Shipment;
      cancelReason?: string;
      db?: Database;
      by?: MoveBy;
    } = {},
  ): Promise<OrderRow> {
    const run = async (trx: Database) => {
      const row = await this.findRow(storeId, id, trx);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return moveRow(trx, row, to, options, this.onChange);
    };
    return options.db ? run(options.db) : writeTransaction(this.db, run);
  }

  /**
   * The shopper cancels their own order (see shopper-cancel.ts): an unpaid one at once, a paid one
   * not yet shipped with its refund started; anything else is a 409 saying what is possible.
   */
  async cancelByShopper(
    storeId: string,
    id: string,
    shopper: { user: UserRow; reason?: ShopperCancelReason; note?: string },
  ): Promise<{ order: Order; refund: 'none' | 'started'; message: string }> {
    const cancelled = await writeTransaction(this.db, async (trx) =>
      cancelOwnOrder(trx, await this.findRow(storeId, id, trx), shopper, {
        onChange: this.onChange,
        audit: this.audit,
        notFoundMessage: ORDER_NOT_FOUND,
      }),
    );
    await this.afterCancelled(storeId, cancelled.order.id);
    const [order] = await this.withItems([cancelled.order]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return { order, refund: cancelled.refund, message: cancelled.message };
  }

  /**
   * What follows a committed cancellation outside the database (the courier's booking cancelled);
   * it cannot undo the cancellation, so its failure is left to its own retries.
   */
  async afterCancelled(storeId: string, orderId: string): Promise<void> {
    try {
      await this.afterCancel?.(storeId, orderId);
    } catch {
      // Recorded and retried by the courier's own bookkeeping.
    }
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
      return { moved: true, order: await moveRow(trx, row, OrderStatus.Processing, { by: payment.by }, this.onChange) };
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
    const codCutoff = new Date(now - this.policy.codConfirmHours * 3_600_000).toISOString();
    const latest = [onlineCutoff, manualCutoff, codCutoff].sort().at(-1) ?? onlineCutoff;
    const stale = await this.db
      .selectFrom('orders')
      .select(['id', 'store_id', 'payment_provider', 'created_at'])
      .where('status', '=', OrderStatus.Pending)
      // Older than the latest cutoff: a candidate for any; each is checked against its own below.
      .where('created_at', '<', latest)
      .orderBy('created_at')
      .limit(500)
      .execute();
    const expired: string[] = [];
    for (const order of stale) {
      const cod = order.payment_provider === COD_PAYMENT;
      const cutoff = cod ? codCutoff : this.waitsByHand(order.payment_provider) ? manualCutoff : onlineCutoff;
      if (order.created_at >= cutoff) continue;
      const reason = cod ? COD_NOT_CONFIRMED_REASON : ORDER_EXPIRED_REASON;
      try {
        await this.move(order.store_id, order.id, OrderStatus.Cancelled, {
          cancelReason: reason,
          by: { actor: 'system', note: reason },
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
      const changes = { ...correctedShipment(row, shipment), updated_at: nowIso() };
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

  /**
   * A step of the parcel's journey the courier reported (in transit, out for delivery): a line in the
   * order's timeline that keeps its status.
   */
  async recordTracking(trx: Database, storeId: string, orderId: string, by: MoveBy): Promise<void> {
    const row = await this.findRow(storeId, orderId, trx);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    await recordEvent(trx, { storeId, orderId: row.id, from: row.status, to: row.status, by });
  }

  /** An exchange's replacement order at no charge, Processing, in the caller's transaction (see exchange.ts): its id. */
  placeExchange(
    trx: Database,
    original: OrderRow,
    lines: { item: OrderItemRow; quantity: number }[],
    note: string,
  ): Promise<string> {
    return placeExchange(trx, original, lines, note);
  }

  /** An order's lines as kept (HSN and rate included), in their order: for a courier's booking. */
  itemRows(orderId: string, db: Database = this.db): Promise<OrderItemRow[]> {
    return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  }

  /** Each item line's share of the order's discount in paise, by item id (none: no discount). */
  async itemDiscounts(orderId: string, db: Database = this.db): Promise<Map<string, number>> {
    const [items, charges] = await Promise.all([
      this.itemRows(orderId, db),
      chargesOfOrders(db, [orderId]).then((byOrder) => byOrder.get(orderId) ?? []),
    ]);
    return itemDiscounts(items, charges);
  }

  /** Whether the shopper has a Delivered order with this product among its lines (a verified buyer). */
  async hasDelivered(storeId: string, userId: string, productId: string, db: Database = this.db): Promise<boolean> {
    const found = await db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.store_id', '=', storeId)
      .where('orders.user_id', '=', userId)
      .where('orders.status', '=', OrderStatus.Delivered)
      .where('order_items.product_id', '=', productId)
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** Whether the shopper has placed an order (of any state) at or after `sinceIso`. */
  async placedSince(storeId: string, userId: string, sinceIso: string, db: Database = this.db): Promise<boolean> {
    const found = await db
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('created_at', '>=', sinceIso)
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** A shopper's orders not yet delivered or cancelled, oldest first, read in the caller's transaction. */
  unfinishedOf(trx: Database, storeId: string, userId: string): Promise<string[]> {
    return unfinishedOrderIds(trx, storeId, userId);
  }

  /**
   * Takes the person out of a shopper's orders, inside the caller's transaction: the amounts,
   * items, dates and state stay for the accounts.
   */
  async eraseBuyer(trx: Database, storeId: string, userId: string): Promise<void> {
    await trx
      .updateTable('orders')
      .set({
        email: ERASED,
        full_name: ERASED,
        address: ERASED,
        city: ERASED,
        postal_code: ERASED,
        phone: ERASED,
        phone_digits: ERASED,
        buyer_company: null,
        client_address: null,
      })
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .execute();
  }

  /** How many of a shopper's COD orders wait for their code, read in the caller's transaction. */
  async awaitingCodCount(trx: Database, storeId: string, userId: string): Promise<number> {
    const rows = await trx
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .where('status', '=', OrderStatus.Pending)
      .where('payment_provider', '=', COD_PAYMENT)
      .limit(100)
      .execute();
    return rows.length;
  }

  /** An order's status moves, oldest first; `db` may be the caller's transaction. */
  events(storeId: string, orderId: string, db: Database = this.db): Promise<OrderEventRow[]> {
    return eventsOfOrder(db, storeId, orderId);
  }

  /** Which of these products some order holds, read in the caller's transaction. */
  productsOrderedAmong(trx: Database, productIds: string[]): Promise<Set<string>> {
    return productsOrderedAmong(trx, productIds);
  }

  withItems(rows: OrderRow[]): Promise<Order[]> {
    return ordersWithItems(this.db, rows, this.documentsOf);
  }
}

export { statusLabel };
