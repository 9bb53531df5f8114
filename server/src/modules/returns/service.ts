import {
  type AdminReturnListResponse,
  type BookReturnPickupRequest,
  COD_PAYMENT,
  type CreateReturnRequest,
  DEFAULT_RETURN_WINDOW_DAYS,
  type OrderReturnsResponse,
  OrderStatus,
  RETURN_STATUS_LABELS,
  type Return,
  type ReturnKind,
  type ReturnRules,
  type ReturnStatus,
} from '@netkart/contract';
import type { Database, OrderItemRow, OrderRow, ReturnItemRow, ReturnRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, newOrderNumber } from '../../shared/ids.js';
import { istDay, istDayStart } from '../../shared/india-time.js';
import { toRupees } from '../../shared/money.js';
import type { AuditLog } from '../audit/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { InvoiceService } from '../invoices/service.js';
import type { MessageSettings } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import { ORDER_NOT_FOUND, type OrderService, piecesDiscount, statusLabel } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';
import { returnMessage } from './messages.js';
import { checkReturnPhoto } from './photos.js';

export const RETURN_NOT_FOUND = 'No return has that id.';

/** What a received return hands to the rooms that act on it (the payments module's refund due). */
export interface ReceivedReturn {
  storeId: string;
  orderId: string;
  returnId: string;
  kind: ReturnKind;
  /**
   * Paise: what was paid for the returned pieces, GST included: their price less their share of the
   * order's discount (the order's other charges are not refunded).
   */
  amount: number;
  /** The order's payment provider ('payu', 'razorpay', 'cod' …): where the money goes back. */
  method: string | null;
  /** For a cash-on-delivery order, the shopper's UPI id. */
  refundTo: { upi: string } | null;
  reason: string;
}

/** Told of each received return inside its transaction; it commits or rolls back with the receipt. */
export type ReturnReceivedHook = (trx: Database, received: ReceivedReturn) => Promise<void>;

/**
 * Makes an exchange's new order (the same products, at no charge, Processing) inside the receipt's
 * transaction, and gives its id. Variants proper (another size or colour of the same product) come later.
 */
export type ExchangeHook = (
  trx: Database,
  exchange: { order: OrderRow; lines: { item: OrderItemRow; quantity: number }[]; returnId: string },
) => Promise<string | undefined>;

/** Books a reverse pickup with the store's courier service (a Shiprocket return order), giving its courier and AWB. */
export type ReversePickupHook = (exchange: {
  storeId: string;
  order: OrderRow;
  returnId: string;
  lines: { item: OrderItemRow; quantity: number }[];
}) => Promise<{ courier: string; awb: string }>;

/** Who made a change: 'staff:<email>', 'store command', 'shopper'. */
export interface ReturnActor {
  actor: string;
}

export interface ReturnNeighbours {
  orders: OrderService;
  catalog: CatalogService;
  invoices: InvoiceService;
  stores: StoreService;
  outbox: Outbox;
  audit: AuditLog;
  messages?: MessageSettings | undefined;
  /** The language of the account's emails ('en' or 'hi'); English when not told. */
  languageOf?: ((storeId: string, userId: string, trx: Database) => Promise<string>) | undefined;
  /** The time now; a test sets the day (the window's last day against the next). */
  clock?: (() => Date) | undefined;
  /**
   * Told of each received return, in its transaction. The payments module's `refundDue(trx, …)`
   * (a parallel change) is wired here by services.ts: a return's refund is then due, tracked there.
   */
  onReceived?: ReturnReceivedHook[] | undefined;
  /** Makes an exchange's new order; without it, an exchange is received and the shop sends the goods by hand. */
  exchange?: ExchangeHook | undefined;
  /** Books the reverse pickup with the courier service; without it, pickups are booked by hand. */
  bookPickup?: ReversePickupHook | undefined;
}

/** A returned line with the part of the order's discount its pieces took (paise). */
interface PricedLine {
  item: OrderItemRow;
  quantity: number;
  discount: number;
}

/** What was paid for the returned pieces, in paise: their price less their discount. */
const paidFor = (lines: PricedLine[]): number =>
  lines.reduce((total, { item, quantity, discount }) => total + Number(item.unit_price) * quantity - discount, 0);

/** The statuses a return may move to from each; anything else is refused. */
const MOVES: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'refused'],
  approved: ['pickup-booked', 'received'],
  refused: [],
  'pickup-booked': ['received'],
  received: [],
};

/** The day `days` after an India-time day (YYYY-MM-DD). */
export function daysAfter(day: string, days: number): string {
  return istDay(istDayStart(day).getTime() + days * 86_400_000 + 3_600_000);
}

/**
 * The shoppers' returns and exchanges after delivery, and the store's return rules: asked within
 * the window, approved or refused by the shop, picked up, and received, which restocks the goods,
 * issues the credit note for the returned lines and makes the refund due, all in one transaction.
 */
export class ReturnService {
  private readonly clock: () => Date;
  private readonly onReceived: ReturnReceivedHook[];

  constructor(
    private readonly db: Database,
    private readonly neighbours: ReturnNeighbours,
  ) {
    this.clock = neighbours.clock ?? (() => new Date());
    this.onReceived = neighbours.onReceived ?? [];
  }

  /** Adds a hook told of each received return (the merger's wiring of the payments module's refund due). */
  addReceivedHook(hook: ReturnReceivedHook): void {
    this.onReceived.push(hook);
  }

  async rulesOf(storeId: string, db: Database = this.db): Promise<ReturnRules> {
    const row = await db.selectFrom('return_rules').selectAll().where('store_id', '=', storeId).executeTakeFirst();
    return row
      ? { windowDays: row.window_days, exchanges: row.exchanges === 1 }
      : { windowDays: DEFAULT_RETURN_WINDOW_DAYS, exchanges: true };
  }

  async setRules(storeId: string, rules: ReturnRules): Promise<ReturnRules> {
    const values = {
      window_days: rules.windowDays,
      exchanges: rules.exchanges ? 1 : 0,
      updated_at: this.clock().toISOString(),
    };
    await this.db
      .insertInto('return_rules')
      .values({ store_id: storeId, ...values })
      .onConflict((conflict) => conflict.column('store_id').doUpdateSet(values))
      .execute();
    return this.rulesOf(storeId);
  }

  /** The order's returns for its shopper, and until when another may be asked. */
  async forShopper(storeId: string, user: UserRow, orderId: string): Promise<OrderReturnsResponse> {
    const order = await this.ownOrder(storeId, user, orderId);
    const rules = await this.rulesOf(storeId);
    const data = await this.ofOrder(storeId, order.id);
    const lastDay = await this.lastDayOf(order, rules);
    const today = istDay(this.clock());
    const items = await this.neighbours.orders.itemRows(order.id);
    const asked = await this.askedQuantities(this.db, order.id);
    const left = items.some((item) => item.quantity > (asked.get(item.id) ?? 0));
    return {
      data,
      lastDay,
      open: order.status === OrderStatus.Delivered && lastDay !== null && today <= lastDay && left,
      exchanges: rules.exchanges,
    };
  }

  /** A shopper asks to return (or exchange) some of a delivered order's items. */
  async ask(storeId: string, user: UserRow, orderId: string, input: CreateReturnRequest): Promise<Return> {
    // The photos are checked (decoded) before the transaction: a bad one is a 400 naming it.
    const photos: { contentType: string; base64: string }[] = [];
    for (const [index, photo] of (input.photos ?? []).entries()) photos.push(await checkReturnPhoto(photo, index + 1));
    const id = await writeTransaction(this.db, async (trx) => {
      const order = await this.ownOrder(storeId, user, orderId, trx);
      if (order.status !== OrderStatus.Delivered) {
        throw conflict(
          `Order ${order.id} is ${statusLabel(order.status)}: a return can be asked once it is delivered.`,
        );
      }
      const rules = await this.rulesOf(storeId, trx);
      const lastDay = await this.lastDayOf(order, rules, trx);
      if (lastDay === null || istDay(this.clock()) > lastDay) {
        throw conflict(
          `The return window of order ${order.id} closed on ${lastDay ?? 'its day of delivery'} (${rules.windowDays} days after delivery).`,
        );
      }
      if (input.kind === 'exchange' && !rules.exchanges) {
        throw new HttpError(400, 'kind: this store does not offer exchanges; ask for a return instead.', {}, 'kind');
      }
      const wanted = Object.entries(input.items).filter(([, quantity]) => quantity > 0);
      if (wanted.length === 0) {
        throw new HttpError(400, 'items: choose at least one item and how many of it go back.', {}, 'items');
      }
      const items = await this.neighbours.orders.itemRows(order.id, trx);
      const asked = await this.askedQuantities(trx, order.id);
      for (const [itemId, quantity] of wanted) {
        const item = items.find((each) => each.id === itemId);
        if (!item) throw new HttpError(400, `items: ${itemId} is not an item of order ${order.id}.`, {}, 'items');
        const already = asked.get(item.id) ?? 0;
        if (quantity > item.quantity - already) {
          const left = Math.max(0, item.quantity - already);
          throw new HttpError(
            400,
            `items: at most ${left} of ${item.product_title} can go back (${item.quantity} bought${already ? `, ${already} already in a return` : ''}).`,
            {},
            'items',
          );
        }
      }
      const cod = order.payment_provider === COD_PAYMENT;
      if (cod && input.kind === 'return' && !input.refundTo?.upi) {
        throw new HttpError(
          400,
          "refundTo.upi: a cash-on-delivery order's refund is paid to a UPI id; give yours (name@bank).",
          {},
          'refundTo.upi',
        );
      }
      const id = newOrderNumber();
      const now = this.clock().toISOString();
      await trx
        .insertInto('returns')
        .values({
          id,
          store_id: storeId,
          order_id: order.id,
          kind: input.kind,
          reason: input.reason,
          status: 'requested',
          refusal_reason: null,
          pickup: null,
          courier: null,
          awb: null,
          refund_upi: input.kind === 'return' ? (input.refundTo?.upi ?? null) : null,
          exchange_order_id: null,
          created_at: now,
          approved_at: null,
          refused_at: null,
          pickup_booked_at: null,
          received_at: null,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('return_items')
        .values(wanted.map(([itemId, quantity]) => ({ id: newId(), return_id: id, order_item_id: itemId, quantity })))
        .execute();
      if (photos.length > 0) {
        await trx
          .insertInto('return_photos')
          .values(
            photos.map((photo, index) => ({
              id: newId(),
              store_id: storeId,
              return_id: id,
              position: index + 1,
              content_type: photo.contentType,
              data_base64: photo.base64,
              created_at: now,
            })),
          )
          .execute();
      }
      return id;
    });
    return this.get(storeId, id);
  }

  /** One return as read by the shop. */
  async get(storeId: string, id: string): Promise<Return> {
    const row = await this.findRow(storeId, id);
    if (!row) throw notFound(RETURN_NOT_FOUND);
    const [shown] = await this.shown(storeId, [row]);
    if (!shown) throw notFound(RETURN_NOT_FOUND);
    return shown;
  }

  /** A photo the shopper sent with a return (1 to 3), for staff: its type and bytes. */
  async photo(storeId: string, id: string, position: number): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.db
      .selectFrom('return_photos')
      .select(['content_type', 'data_base64'])
      .where('store_id', '=', storeId)
      .where('return_id', '=', id.trim().toUpperCase())
      .where('position', '=', position)
      .executeTakeFirst();
    if (!row) throw notFound('That return has no such photo.');
    return { contentType: row.content_type, bytes: Buffer.from(row.data_base64, 'base64') };
  }

  /** An order's returns, oldest first. */
  async ofOrder(storeId: string, orderId: string): Promise<Return[]> {
    const rows = await this.db
      .selectFrom('returns')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return this.shown(storeId, rows);
  }

  /** The store's returns, newest first (at most 500), with how many are in each status. */
  async list(storeId: string, filter: { status?: ReturnStatus | undefined } = {}): Promise<AdminReturnListResponse> {
    let query = this.db.selectFrom('returns').selectAll().where('store_id', '=', storeId);
    if (filter.status) query = query.where('status', '=', filter.status);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
    const counted = await this.db
      .selectFrom('returns')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('store_id', '=', storeId)
      .groupBy('status')
      .execute();
    const shown = await this.shown(storeId, rows);
    const customers = new Map<string, string>();
    for (const row of rows) {
      if (customers.has(row.order_id)) continue;
      const order = await this.neighbours.orders.findRow(storeId, row.order_id);
      customers.set(row.order_id, order?.full_name ?? '');
    }
    return {
      data: shown.map((each) => ({ ...each, customer: customers.get(each.orderId) ?? '' })),
      counts: Object.fromEntries(counted.map((row) => [row.status, Number(row.count)])),
    };
  }

  approve(storeId: string, id: string, by: ReturnActor): Promise<Return> {
    return this.move(storeId, id, 'approved', by, async () => ({ approved_at: this.clock().toISOString() }));
  }

  refuse(storeId: string, id: string, reason: string, by: ReturnActor): Promise<Return> {
    const trimmed = reason.trim();
    if (!trimmed) throw new HttpError(400, 'reason: say why the return is refused.', {}, 'reason');
    return this.move(storeId, id, 'refused', by, async () => ({
      refused_at: this.clock().toISOString(),
      refusal_reason: trimmed.slice(0, 500),
    }));
  }

  /**
   * The reverse pickup: by hand (the shop's courier and its AWB), or booked with the store's courier
   * service. The courier is called outside the return's transaction (never holding the database
   * while it answers); its booking is keyed by the return, so a retry after a failure reuses it.
   */
  async bookPickup(storeId: string, id: string, input: BookReturnPickupRequest, by: ReturnActor): Promise<Return> {
    if (input.via === 'hand') {
      return this.move(storeId, id, 'pickup-booked', by, async () => {
        if (!input.awb) {
          throw new HttpError(
            400,
            "awb: give the pickup's AWB (tracking number) when it is booked by hand.",
            {},
            'awb',
          );
        }
        return {
          pickup: 'hand',
          courier: input.courier?.trim() || null,
          awb: input.awb,
          pickup_booked_at: this.clock().toISOString(),
        };
      });
    }
    const book = this.neighbours.bookPickup;
    if (!book) {
      throw conflict(
        'via: booking a return pickup with the courier service is not available yet; book it by hand with its AWB.',
      );
    }
    // Checked before the courier is asked: only an approved return is booked.
    const row = await this.findRow(storeId, id);
    if (!row) throw notFound(RETURN_NOT_FOUND);
    this.mayMove(row, 'pickup-booked');
    const order = await this.neighbours.orders.findRow(storeId, row.order_id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const booked = await book({ storeId, order, returnId: row.id, lines: await this.linesOf(row.id, order.id) });
    return this.move(storeId, row.id, 'pickup-booked', by, async () => ({
      pickup: 'courier',
      courier: booked.courier,
      awb: booked.awb,
      pickup_booked_at: this.clock().toISOString(),
    }));
  }

  /** Refuses (409) a move the return's status does not allow. */
  private mayMove(row: ReturnRow, to: ReturnStatus): void {
    const from = row.status as ReturnStatus;
    if (!(MOVES[from] ?? []).includes(to)) {
      throw conflict(
        `Return ${row.id} is ${RETURN_STATUS_LABELS[from].toLowerCase()}: it cannot become ${RETURN_STATUS_LABELS[to].toLowerCase()}.`,
      );
    }
  }

  /**
   * The parcel came back: in one transaction the goods return to stock, the credit note for the
   * returned lines is issued, a return's refund is made due (the received hooks) and an exchange's
   * new order is made (the exchange hook).
   */
  receive(storeId: string, id: string, by: ReturnActor): Promise<Return> {
    return this.move(storeId, id, 'received', by, async (trx, row, order) => {
      const lines = await this.pricedLines(trx, row, await this.linesOf(row.id, order.id, trx));
      await this.neighbours.catalog.restock(
        trx,
        storeId,
        lines.map(({ item, quantity }) => ({ productId: item.product_id, quantity, variantSku: item.variant_sku })),
      );
      const items = await this.neighbours.orders.itemRows(order.id, trx);
      await this.neighbours.invoices.issueReturnCreditNote(trx, order, {
        returnId: row.id,
        lines: lines.map(({ item, quantity, discount }) => ({
          index: items.findIndex((each) => each.id === item.id),
          quantity,
          discount,
        })),
        reason: `${row.kind === 'exchange' ? 'Exchange' : 'Return'} ${row.id}: ${row.reason}`,
      });
      const amount = paidFor(lines);
      let exchangeOrderId: string | null = null;
      if (row.kind === 'return') {
        const received: ReceivedReturn = {
          storeId,
          orderId: order.id,
          returnId: row.id,
          kind: 'return',
          amount,
          method: order.payment_provider,
          refundTo: row.refund_upi ? { upi: row.refund_upi } : null,
          reason: row.reason,
        };
        for (const hook of this.onReceived) await hook(trx, received);
      } else if (this.neighbours.exchange) {
        exchangeOrderId = (await this.neighbours.exchange(trx, { order, lines, returnId: row.id })) ?? null;
      }
      return { received_at: this.clock().toISOString(), exchange_order_id: exchangeOrderId };
    });
  }

  /** The returns' lines with their order lines, read in the caller's transaction. */
  private async linesOf(
    returnId: string,
    orderId: string,
    db: Database = this.db,
  ): Promise<{ item: OrderItemRow; quantity: number }[]> {
    const [returned, items] = await Promise.all([
      db.selectFrom('return_items').selectAll().where('return_id', '=', returnId).execute(),
      this.neighbours.orders.itemRows(orderId, db),
    ]);
    return returned.flatMap((line) => {
      const item = items.find((each) => each.id === line.order_item_id);
      return item ? [{ item, quantity: line.quantity }] : [];
    });
  }

  /**
   * The returned lines with the part of the order's discount their pieces took (paise): the line's
   * share (the orders' `itemDiscounts`) for these pieces, counted after the pieces of the same line
   * received in earlier returns, so a line returned bit by bit gives back its share exactly.
   */
  private async pricedLines(
    db: Database,
    row: Pick<ReturnRow, 'id' | 'order_id' | 'received_at'>,
    lines: { item: OrderItemRow; quantity: number }[],
    /** The order's item shares, when the caller read them already. */
    known?: Map<string, number>,
  ): Promise<PricedLine[]> {
    const shares = known ?? (await this.neighbours.orders.itemDiscounts(row.order_id, db));
    if (shares.size === 0) return lines.map((line) => ({ ...line, discount: 0 }));
    const received = await db
      .selectFrom('return_items')
      .innerJoin('returns', 'returns.id', 'return_items.return_id')
      .select(['returns.id', 'returns.received_at', 'return_items.order_item_id', 'return_items.quantity'])
      .where('returns.order_id', '=', row.order_id)
      .where('returns.status', '=', 'received')
      .where('returns.id', '!=', row.id)
      .execute();
    const before = new Map<string, number>();
    for (const other of received) {
      const earlier =
        row.received_at === null ||
        (other.received_at ?? '') < row.received_at ||
        (other.received_at === row.received_at && other.id < row.id);
      if (earlier) before.set(other.order_item_id, (before.get(other.order_item_id) ?? 0) + other.quantity);
    }
    return lines.map(({ item, quantity }) => ({
      item,
      quantity,
      discount: piecesDiscount(shares.get(item.id) ?? 0, item.quantity, before.get(item.id) ?? 0, quantity),
    }));
  }

  /**
   * One move of a return, guarded by the status it was read with (two staff cannot both win), with
   * its columns from `change`, logged and mailed to the shopper in the same transaction.
   */
  private async move(
    storeId: string,
    id: string,
    to: ReturnStatus,
    by: ReturnActor,
    change: (trx: Database, row: ReturnRow, order: OrderRow) => Promise<Partial<ReturnRow>>,
  ): Promise<Return> {
    const moved = await writeTransaction(this.db, async (trx) => {
      const row = await this.findRow(storeId, id, trx);
      if (!row) throw notFound(RETURN_NOT_FOUND);
      this.mayMove(row, to);
      const order = await this.neighbours.orders.findRow(storeId, row.order_id, trx);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const columns = await change(trx, row, order);
      const updated = await trx
        .updateTable('returns')
        .set({ ...columns, status: to, updated_at: this.clock().toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict('The return changed meanwhile. Please try again.');
      const after = { ...row, ...columns, status: to };
      await this.neighbours.audit.record(trx, {
        storeId,
        actor: by.actor,
        action: `return.${to}`,
        subject: `return:${row.id}`,
        before: { status: row.status },
        after: {
          status: to,
          order: row.order_id,
          ...(after.refusal_reason && to === 'refused' ? { reason: after.refusal_reason } : {}),
          ...(to === 'pickup-booked' ? { pickup: after.pickup, courier: after.courier, awb: after.awb } : {}),
        },
      });
      if (to !== 'pickup-booked') {
        const store = await this.neighbours.stores.byId(storeId, trx);
        if (store && order.email) {
          const amount = paidFor(await this.pricedLines(trx, row, await this.linesOf(row.id, order.id, trx)));
          await this.neighbours.outbox.enqueue(
            trx,
            returnMessage(
              store,
              order,
              after,
              amount,
              this.neighbours.messages,
              mailTexts(await this.neighbours.languageOf?.(storeId, order.user_id, trx)),
            ),
          );
        }
      }
      return row.id;
    });
    return this.get(storeId, moved);
  }

  private async findRow(storeId: string, id: string, db: Database = this.db): Promise<ReturnRow | undefined> {
    return db
      .selectFrom('returns')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id.trim().toUpperCase())
      .executeTakeFirst();
  }

  private async ownOrder(storeId: string, user: UserRow, orderId: string, db: Database = this.db): Promise<OrderRow> {
    const order = await this.neighbours.orders.findRow(storeId, orderId, db);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  /** The last India-time day a return may be asked: the window's days after the day of delivery; null before it. */
  private async lastDayOf(order: OrderRow, rules: ReturnRules, db: Database = this.db): Promise<string | null> {
    if (order.status !== OrderStatus.Delivered) return null;
    // The order's own timeline says when it was delivered.
    const events = await this.neighbours.orders.events(order.store_id, order.id, db);
    const delivered = events.filter((event) => event.to_status === OrderStatus.Delivered).at(-1);
    const day = istDay(delivered?.created_at ?? order.updated_at);
    return daysAfter(day, rules.windowDays);
  }

  /** How many of each order line are in returns not refused. */
  private async askedQuantities(db: Database, orderId: string): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('return_items')
      .innerJoin('returns', 'returns.id', 'return_items.return_id')
      .select(['return_items.order_item_id', 'return_items.quantity'])
      .where('returns.order_id', '=', orderId)
      .where('returns.status', '!=', 'refused')
      .execute();
    const asked = new Map<string, number>();
    for (const row of rows) asked.set(row.order_item_id, (asked.get(row.order_item_id) ?? 0) + row.quantity);
    return asked;
  }

  /** Returns as the wire shows them: their lines, amounts and credit notes. */
  private async shown(storeId: string, rows: ReturnRow[]): Promise<Return[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const lines: ReturnItemRow[] = await this.db
      .selectFrom('return_items')
      .selectAll()
      .where('return_id', 'in', ids)
      .execute();
    const notes = await this.neighbours.invoices.returnCreditNotes(storeId, ids);
    const photoRows = await this.db
      .selectFrom('return_photos')
      .select(['return_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('return_id', 'in', ids)
      .groupBy('return_id')
      .execute();
    const photoCounts = new Map(photoRows.map((row) => [row.return_id, Number(row.count)]));
    const itemsOfOrder = new Map<string, OrderItemRow[]>();
    for (const row of rows) {
      if (!itemsOfOrder.has(row.order_id))
        itemsOfOrder.set(row.order_id, await this.neighbours.orders.itemRows(row.order_id));
    }
    const amounts = new Map<string, number>();
    const sharesOfOrder = new Map<string, Map<string, number>>();
    for (const row of rows) {
      let shares = sharesOfOrder.get(row.order_id);
      if (!shares) {
        shares = await this.neighbours.orders.itemDiscounts(row.order_id);
        sharesOfOrder.set(row.order_id, shares);
      }
      const items = itemsOfOrder.get(row.order_id) ?? [];
      const own = lines.flatMap((line) => {
        const item = line.return_id === row.id ? items.find((each) => each.id === line.order_item_id) : undefined;
        return item ? [{ item, quantity: line.quantity }] : [];
      });
      amounts.set(row.id, paidFor(await this.pricedLines(this.db, row, own, shares)));
    }
    return rows.map((row): Return => {
      const items = itemsOfOrder.get(row.order_id) ?? [];
      const own = lines.filter((line) => line.return_id === row.id);
      const shownLines = own.flatMap((line) => {
        const item = items.find((each) => each.id === line.order_item_id);
        return item
          ? [
              {
                orderItemId: item.id,
                productId: item.product_id,
                productTitle: item.product_title,
                size: item.size,
                color: item.color,
                quantity: line.quantity,
                price: toRupees(Number(item.unit_price)),
              },
            ]
          : [];
      });
      const amount = amounts.get(row.id) ?? 0;
      const note = notes.get(row.id);
      const status = row.status as ReturnStatus;
      return {
        id: row.id,
        orderId: row.order_id,
        kind: row.kind as ReturnKind,
        reason: row.reason,
        status,
        statusLabel: RETURN_STATUS_LABELS[status] ?? row.status,
        refusalReason: row.refusal_reason,
        pickup: row.pickup === 'hand' || row.pickup === 'courier' ? row.pickup : null,
        courier: row.courier,
        awb: row.awb,
        refundTo: row.refund_upi ? { upi: row.refund_upi } : null,
        amount: toRupees(amount),
        items: shownLines,
        creditNote: note ? { number: note.number, issuedAt: note.issuedAt, total: toRupees(note.total) } : null,
        exchangeOrderId: row.exchange_order_id,
        photos: photoCounts.get(row.id) ?? 0,
        createdAt: row.created_at,
        approvedAt: row.approved_at,
        refusedAt: row.refused_at,
        pickupBookedAt: row.pickup_booked_at,
        receivedAt: row.received_at,
      };
    });
  }
}
