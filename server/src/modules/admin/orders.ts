import {
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderSummary,
  indianMobileDigits,
  OrderStatus,
  type Shipment,
  STALE_ORDER,
} from '@store/contract';
import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import type { Database, OrderRow, StaffRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, notFound } from '../../http/errors.js';
import { istDayEnd, istDayStart, istMinute } from '../../http/india-time.js';
import { toRupees } from '../../shared/money.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import { movesFrom, statusLabel } from '../orders/status.js';
import { isTestProvider, type PaymentService, refundReasonOf, type StaffReference } from '../payments/service.js';
import type { Store } from '../stores/service.js';

type ListQuery = z.output<typeof AdminOrderListQuery>;
const STATUSES = Object.values(OrderStatus);

/**
 * The back office's door to orders: lists and searches them, and moves them through the same
 * state machine as the API and the `store` command. Every action names the order's version it
 * was decided on (a stale page changes nothing) and is written to the audit log with the move.
 */
export class AdminOrders {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    private readonly payments: PaymentService,
    private readonly audit: AuditLog,
  ) {}

  async list(storeId: string, query: ListQuery): Promise<AdminOrderListResponse> {
    const matching = this.matching(storeId, query);
    const listed = query.status === undefined ? matching : matching.where('status', '=', query.status);
    // Deferred join: the page's ids come from the index alone, however deep the page; then their rows.
    const pageIds = listed
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit);
    const [rows, counted] = await Promise.all([
      this.db
        .selectFrom('orders')
        .selectAll()
        .where('id', 'in', pageIds)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
      matching
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute(),
    ]);
    const counts = Object.fromEntries(STATUSES.map((status) => [String(status), 0]));
    for (const { status, count } of counted) counts[String(status)] = Number(count);
    const total =
      query.status === undefined
        ? Object.values(counts).reduce((sum, count) => sum + count, 0)
        : (counts[String(query.status)] ?? 0);
    return { data: await this.summaries(storeId, rows), total, page: query.page, limit: query.limit, counts };
  }

  async detail(store: Store, id: string): Promise<AdminOrder> {
    const row = await this.orders.findRow(store.id, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const [[order], payments, events] = await Promise.all([
      this.orders.withItems([row]),
      this.payments.listForOrder(store.id, row.id),
      this.orders.events(store.id, row.id),
    ]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return {
      ...order,
      email: row.email,
      updatedAt: row.updated_at,
      payments: payments.map((payment) => ({
        provider: payment.provider,
        reference: payment.reference,
        amount: toRupees(Number(payment.amount)),
        status: payment.status,
        needsRefund: payment.needs_refund === 1,
        refundReason: payment.needs_refund === 1 ? refundReasonOf(payment) : null,
        test: isTestProvider(payment.provider),
        createdAt: payment.created_at,
      })),
      events: events.map((event) => ({
        fromStatus: event.from_status,
        toStatus: event.to_status,
        actor: event.actor,
        note: event.note,
        createdAt: event.created_at,
      })),
      allowedMoves: [...movesFrom(row.status)],
      ...paymentReferenceOf(this.payments.staffReferenceFor(store)),
    };
  }

  /** The money arrived outside a gateway, or a gateway's answer was lost: payments checks the reference and records it. */
  async markPaid(store: Store, id: string, input: { updatedAt: string; reference: string }, staff: StaffRow) {
    const row = await this.current(store.id, id, input.updatedAt);
    const recorded = await this.payments.confirmByHand(
      store,
      row.id,
      { reference: input.reference, by: staffActor(staff) },
      async (trx, result) => {
        if (result.replayed) return;
        await this.audit.record(trx, {
          storeId: store.id,
          actor: staffActor(staff),
          action: 'order.mark-paid',
          subject: `order:${row.id}`,
          before: { status: statusLabel(row.status) },
          after: { status: statusLabel(result.order.status), reference: input.reference },
        });
      },
    );
    if (recorded.replayed) {
      throw conflict(
        recorded.order.id === row.id
          ? `The reference ${input.reference} is already recorded for this order.`
          : `The reference ${input.reference} is already recorded for order ${recorded.order.id}.`,
      );
    }
  }

  ship(store: Store, id: string, input: { updatedAt: string; shipment: Shipment }, staff: StaffRow) {
    return this.moveTo(store, id, input.updatedAt, OrderStatus.Shipped, staff, { shipment: input.shipment });
  }

  deliver(store: Store, id: string, input: { updatedAt: string }, staff: StaffRow) {
    return this.moveTo(store, id, input.updatedAt, OrderStatus.Delivered, staff, {});
  }

  cancel(store: Store, id: string, input: { updatedAt: string; reason?: string }, staff: StaffRow) {
    return this.moveTo(store, id, input.updatedAt, OrderStatus.Cancelled, staff, {
      ...(input.reason ? { cancelReason: input.reason } : {}),
    });
  }

  /** Corrects a Shipped order's courier or tracking. */
  async updateTracking(store: Store, id: string, input: { updatedAt: string; shipment: Shipment }, staff: StaffRow) {
    const row = await this.current(store.id, id, input.updatedAt);
    await this.orders.updateShipment(store.id, row.id, input.shipment, { actor: staffActor(staff) });
    await writeTransaction(this.db, (trx) =>
      this.audit.record(trx, {
        storeId: store.id,
        actor: staffActor(staff),
        action: 'order.tracking',
        subject: `order:${row.id}`,
        before: shipmentOf(row),
        after: { ...input.shipment },
      }),
    );
  }

  private async moveTo(
    store: Store,
    id: string,
    updatedAt: string,
    to: OrderStatus,
    staff: StaffRow,
    options: { shipment?: Shipment; cancelReason?: string },
  ): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const row = await this.current(store.id, id, updatedAt, trx);
      const moved = await this.orders.move(store.id, row.id, to, {
        ...options,
        db: trx,
        by: { actor: staffActor(staff) },
      });
      await this.audit.record(trx, {
        storeId: store.id,
        actor: staffActor(staff),
        action: `order.${statusLabel(to).toLowerCase()}`,
        subject: `order:${row.id}`,
        before: { status: statusLabel(row.status) },
        after: {
          status: statusLabel(moved.status),
          ...(options.shipment ? options.shipment : {}),
          ...(options.cancelReason ? { reason: options.cancelReason } : {}),
        },
      });
    });
  }

  /**
   * The orders placed between two India-time days, for an accountant: one row per order, amounts
   * as plain numbers of rupees, a batch of rows at a time (a year of orders never sits in memory).
   */
  async *exportCsv(storeId: string, from: string, to: string): AsyncGenerator<string> {
    const start = istDayStart(from).toISOString();
    const end = istDayEnd(to);
    yield `\uFEFF${stringify([EXPORT_COLUMNS])}`;
    let after: { created_at: string; id: string } | undefined;
    for (;;) {
      let query = this.db
        .selectFrom('orders')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('created_at', '>=', start)
        .where('created_at', '<', end.toISOString());
      if (after) {
        const { created_at: time, id } = after;
        query = query.where((eb) =>
          eb.or([eb('created_at', '>', time), eb.and([eb('created_at', '=', time), eb('id', '>', id)])]),
        );
      }
      const rows = await query.orderBy('created_at').orderBy('id').limit(500).execute();
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      const [summaries, payments] = await Promise.all([
        this.summaries(storeId, rows),
        this.db
          .selectFrom('payments')
          .select(['order_id', 'provider', 'reference'])
          .where('store_id', '=', storeId)
          .where('status', '=', 'success')
          .where('order_id', 'in', ids)
          .orderBy('created_at')
          .execute(),
      ]);
      const paymentOf = new Map(payments.map((payment) => [payment.order_id, payment]));
      yield stringify(
        rows.map((row, index) => {
          const payment = paymentOf.get(row.id);
          return [
            row.id,
            istMinute(row.created_at),
            statusLabel(row.status),
            row.full_name,
            row.email,
            row.phone,
            row.city,
            row.state,
            row.postal_code,
            summaries[index]?.itemCount ?? 0,
            toRupees(Number(row.total)).toFixed(2),
            payment?.provider ?? '',
            payment?.reference ?? '',
            payment && isTestProvider(payment.provider) ? 'yes' : '',
          ];
        }),
      );
      const last = rows.at(-1);
      if (!last || rows.length < 500) return;
      after = { created_at: last.created_at, id: last.id };
    }
  }

  /** The order as the page saw it, or a refusal when it changed since. */
  private async current(storeId: string, id: string, updatedAt: string, db: Database = this.db): Promise<OrderRow> {
    const row = await this.orders.findRow(storeId, id, db);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.updated_at !== updatedAt) throw conflict(STALE_ORDER);
    return row;
  }

  private matching(storeId: string, query: ListQuery) {
    const text = query.q?.trim();
    // A search is one indexed look-up per meaning of the text, put together (an OR of columns, or a
    // store-wide scan checking each id, would read every order of the store); a list is the store's orders.
    const found = text
      ? searchTerms(text)
          .map(([column, value]) =>
            this.db.selectFrom('orders').select('id').where('store_id', '=', storeId).where(column, '=', value),
          )
          .reduce((union, next) => union.union(next))
      : undefined;
    let orders = found
      ? this.db.selectFrom('orders').where('id', 'in', found)
      : this.db.selectFrom('orders').where('store_id', '=', storeId);
    if (query.from) orders = orders.where('created_at', '>=', istDayStart(query.from).toISOString());
    if (query.to) orders = orders.where('created_at', '<', istDayEnd(query.to).toISOString());
    return orders;
  }

  private async summaries(storeId: string, rows: OrderRow[]): Promise<AdminOrderSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [quantities, testPaid] = await Promise.all([
      this.db
        .selectFrom('order_items')
        .select(['order_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
        .where('order_id', 'in', ids)
        .groupBy('order_id')
        .execute(),
      this.payments.testPaidOrderIds(storeId, ids),
    ]);
    const itemCounts = new Map(quantities.map((line) => [line.order_id, Number(line.quantity)]));
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      email: row.email,
      fullName: row.full_name,
      phone: row.phone,
      city: row.city,
      total: toRupees(Number(row.total)),
      itemCount: itemCounts.get(row.id) ?? 0,
      testPayment: testPaid.has(row.id),
    }));
  }
}

const EXPORT_COLUMNS = [
  'Order',
  'Placed (IST)',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'City',
  'State',
  'PIN code',
  'Items',
  'Total (INR)',
  'Paid by',
  'Payment reference',
  'Test payment',
];

/** The reference staff give to mark an order paid, as the store's provider describes it. */
const paymentReferenceOf = (reference: StaffReference) => ({
  paymentReference: reference.kind,
  paymentReferenceRule: {
    label: reference.label,
    pattern: reference.pattern.source,
    message: reference.message,
    help: reference.help,
    numeric: reference.numeric,
  },
});

const shipmentOf = (row: OrderRow) => ({
  courier: row.courier,
  trackingNumber: row.tracking_number,
  trackingUrl: row.tracking_url,
});

/**
 * What a search box's text can be, each looked up through an index: an order id, an email, or a
 * phone number however it was typed (+91 98450 12345, 098450-12345, 9845012345).
 */
function searchTerms(text: string): ['id' | 'email' | 'phone_digits', string][] {
  const terms: ['id' | 'email' | 'phone_digits', string][] = [
    ['id', text.toUpperCase()],
    ['email', text.toLowerCase()],
  ];
  const mobile = indianMobileDigits(text);
  if (mobile) for (const digits of [mobile, `91${mobile}`, `0${mobile}`]) terms.push(['phone_digits', digits]);
  else if (/^[+\d\s()-]+$/.test(text)) terms.push(['phone_digits', text.replace(/\D/g, '')]);
  return terms;
}
