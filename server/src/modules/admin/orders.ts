import {
  type AdminCodCash,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  OrderStatus,
  RETURNED_TO_ORIGIN_REASON,
  type Shipment,
  STALE_ORDER,
} from '@netkart/contract';
import type { z } from 'zod';
import type { Database, OrderRow, StaffRow } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { istDayEnd, istDayStart } from '../../shared/india-time.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import type { CourierService } from '../couriers/service.js';
import type { InvoiceService } from '../invoices/service.js';
import { ORDER_NOT_FOUND, type OrderService } from '../orders/service.js';
import { movesFrom, statusLabel } from '../orders/status.js';
import { isCodOrder } from '../payments/cod/confirmation.js';
import type { CodService } from '../payments/cod/service.js';
import {
  gatewayRefundOf,
  givenByShopper,
  isTestProvider,
  type PaymentService,
  refundReasonOf,
  type StaffReference,
} from '../payments/service.js';
import type { Store } from '../stores/service.js';
import { orderSummaries } from './order-summaries.js';
import { exportOrdersCsv } from './orders-export.js';
import { toAdminRefund } from './refunds.js';

type ListQuery = z.output<typeof AdminOrderListQuery>;

/**
 * The back office's door to orders: lists and searches them, and moves them through the same
 * state machine as the API and the `store` command. Every action names the order's version it
 * was decided on (a stale page changes nothing) and is written to the audit log with the move.
 */
export class AdminOrders {
  constructor(
    private readonly orders: OrderService,
    private readonly payments: PaymentService,
    private readonly audit: AuditLog,
    private readonly couriers: CourierService,
    private readonly invoices: InvoiceService,
    private readonly cod?: CodService,
  ) {}

  async list(storeId: string, query: ListQuery): Promise<AdminOrderListResponse> {
    const { rows, total, counts } = await this.orders.listForStaff(storeId, {
      ...(query.q === undefined ? {} : { text: query.q }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.from ? { from: istDayStart(query.from).toISOString() } : {}),
      ...(query.to ? { to: istDayEnd(query.to).toISOString() } : {}),
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      data: await orderSummaries(this.orders, this.payments, storeId, rows),
      total,
      page: query.page,
      limit: query.limit,
      counts,
    };
  }

  async detail(store: Store, id: string): Promise<AdminOrder> {
    const row = await this.orders.findRow(store.id, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const [[order], payments, refunds, events, courier, booking, timeline, cancellation] = await Promise.all([
      this.orders.withItems([row]),
      this.payments.listForOrder(store.id, row.id),
      this.payments.refundsOfOrder(store.id, row.id),
      this.orders.events(store.id, row.id),
      this.couriers.courierOf(store.id),
      this.couriers.bookingOf(store.id, row.id),
      this.orders.timeline(store.id, row.id),
      this.couriers.cancellationOf(store.id, row.id),
    ]);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return {
      ...order,
      email: row.email,
      updatedAt: row.updated_at,
      payments: payments.map((payment) => {
        const refund = gatewayRefundOf(payment);
        return {
          provider: payment.provider,
          reference: payment.reference,
          amount: toRupees(Number(payment.amount)),
          status: payment.status,
          needsRefund: payment.needs_refund === 1,
          refundReason: payment.needs_refund === 1 ? refundReasonOf(payment) : null,
          refund: refund ? { ...refund, amount: toRupees(refund.amount) } : null,
          givenByShopper: payment.status === 'pending' && givenByShopper(payment),
          test: isTestProvider(payment.provider),
          createdAt: payment.created_at,
        };
      }),
      events: events.map((event) => ({
        fromStatus: event.from_status,
        toStatus: event.to_status,
        actor: event.actor,
        note: event.note,
        createdAt: event.created_at,
      })),
      allowedMoves: [...movesFrom(row.status)],
      courierService: courier ? { name: courier.provider.name, title: courier.provider.title } : null,
      courierLabel: Boolean(booking?.label_file),
      refunds: refunds.map(toAdminRefund),
      courierCancellation: cancellation ?? null,
      timeline,
      ...(isCodOrder(row.payment_provider) ? { codCash: await this.codCashOf(store.id, row.id) } : {}),
      ...paymentReferenceOf(this.payments.staffReferenceFor(store)),
    };
  }

  /** The money arrived outside a gateway, or a gateway's answer was lost: payments checks the reference and records it. */
  async confirmByHand(store: Store, id: string, input: { updatedAt: string; reference: string }, staff: StaffRow) {
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

  /**
   * "Ship with Shiprocket": books the Paid order with the store's courier service (or resumes its
   * booking) and moves it to Shipped with the courier's AWB and tracking page.
   */
  async shipWithCourier(store: Store, id: string, input: { updatedAt: string; provider?: string }, staff: StaffRow) {
    const row = await this.current(store.id, id, input.updatedAt);
    const shipped = await this.couriers.ship(store.id, row.id, { actor: staffActor(staff) }, input.provider);
    await this.audit.inTransaction((trx) =>
      this.audit.record(trx, {
        storeId: store.id,
        actor: staffActor(staff),
        action: 'order.shipped',
        subject: `order:${row.id}`,
        before: { status: statusLabel(row.status) },
        after: { status: statusLabel(shipped.order.status), ...shipmentOf(shipped.order) },
      }),
    );
  }

  /** The courier's label of a booked order, as a PDF. */
  async label(store: Store, id: string): Promise<Buffer> {
    const row = await this.orders.findRow(store.id, id);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const pdf = await this.couriers.label(store.id, row.id);
    if (!pdf)
      throw notFound(`Order ${row.id} has no courier label: labels come with a booking through a courier service.`);
    return pdf;
  }

  deliver(store: Store, id: string, input: { updatedAt: string }, staff: StaffRow) {
    return this.moveTo(store, id, input.updatedAt, OrderStatus.Delivered, staff, {});
  }

  /** Cancels the order; once that has committed, a booking the courier holds for it is cancelled there. */
  async cancel(store: Store, id: string, input: { updatedAt: string; reason?: string }, staff: StaffRow) {
    await this.moveTo(store, id, input.updatedAt, OrderStatus.Cancelled, staff, {
      ...(input.reason ? { cancelReason: input.reason } : {}),
    });
    await this.orders.afterCancelled(store.id, id);
  }

  /** A COD order's cash, as the courier remitted it: recorded once, a Shipped order becomes Delivered; audited. */
  async codCash(
    store: Store,
    id: string,
    input: { updatedAt: string; amount: number; reference: string },
    staff: StaffRow,
  ) {
    const cod = this.codService();
    await this.current(store.id, id, input.updatedAt);
    await cod.recordCash(
      store.id,
      id,
      { amount: toPaise(input.amount), reference: input.reference },
      staffActor(staff),
      (trx, before) =>
        this.audit.record(trx, {
          storeId: store.id,
          actor: staffActor(staff),
          action: 'order.cod-cash',
          subject: `order:${before.id}`,
          before: { status: statusLabel(before.status) },
          after: { cashCollected: input.amount, reference: input.reference.trim() },
        }),
    );
  }

  /** An undelivered COD parcel came back: cancelled with the reason RTO, stock returned; audited. */
  async returnedToOrigin(store: Store, id: string, input: { updatedAt: string }, staff: StaffRow) {
    const cod = this.codService();
    await this.current(store.id, id, input.updatedAt);
    await cod.returnedToOrigin(store.id, id, staffActor(staff), (trx, before) =>
      this.audit.record(trx, {
        storeId: store.id,
        actor: staffActor(staff),
        action: 'order.rto',
        subject: `order:${before.id}`,
        before: { status: statusLabel(before.status) },
        after: { status: statusLabel(OrderStatus.Cancelled), reason: RETURNED_TO_ORIGIN_REASON },
      }),
    );
  }

  /** A COD order's confirmation and cash as the back office shows them; who recorded the cash is in the audit log. */
  private async codCashOf(storeId: string, orderId: string): Promise<AdminCodCash> {
    const cod = (await this.cod?.ofOrders([orderId]))?.get(orderId);
    const recorded =
      cod?.cash_collected == null ? undefined : await this.audit.latest(storeId, `order:${orderId}`, 'order.cod-cash');
    return {
      confirmedAt: cod?.confirmed_at ?? null,
      cashCollected: cod?.cash_collected == null ? null : toRupees(Number(cod.cash_collected)),
      remittanceReference: cod?.remittance_reference ?? null,
      collectedAt: cod?.collected_at ?? null,
      collectedBy: recorded?.actor ?? null,
    };
  }

  private codService(): CodService {
    if (!this.cod) throw conflict('Cash on delivery is not available here.');
    return this.cod;
  }

  /** Corrects a Shipped order's courier or tracking. */
  async updateTracking(store: Store, id: string, input: { updatedAt: string; shipment: Shipment }, staff: StaffRow) {
    const row = await this.current(store.id, id, input.updatedAt);
    await this.orders.updateShipment(store.id, row.id, input.shipment, { actor: staffActor(staff) });
    await this.audit.inTransaction((trx) =>
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
    await this.audit.inTransaction(async (trx) => {
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

  /** The orders placed between two India-time days, as CSV for an accountant (see orders-export.ts). */
  exportCsv(storeId: string, from: string, to: string): AsyncGenerator<string> {
    return exportOrdersCsv(this.orders, this.payments, this.invoices, storeId, from, to);
  }

  /** The order as the page saw it, or a refusal when it changed since. */
  private async current(storeId: string, id: string, updatedAt: string, trx?: Database): Promise<OrderRow> {
    const row = await this.orders.findRow(storeId, id, trx);
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.updated_at !== updatedAt) throw conflict(STALE_ORDER);
    return row;
  }
}

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
