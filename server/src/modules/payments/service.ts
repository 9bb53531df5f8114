import { randomUUID } from 'node:crypto';
import {
  formatRupees,
  INDIAN_MOBILE_MESSAGE,
  indianMobile,
  isPhoneField,
  OrderStatus,
  PAYMENT_NOT_SET_UP,
  type PaymentField,
  type PaymentRequest as PaymentRequestSchema,
  type PaymentResponse,
} from '@netkart/contract';
import type { z } from 'zod';
import type { Database, OrderRow, PaymentRow, PaymentStatus, RefundRow, UserRow } from '../../db/schema.js';
import { watchCommits, writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { nowIso } from '../../shared/ids.js';
import { ORDER_NOT_FOUND, type OrderChange, type OrderService, type TimelineEntry } from '../orders/service.js';
import type { Store } from '../stores/service.js';
import { isCodOrder } from './cod/confirmation.js';
import type { PaymentOutcome, RefundNotice } from './provider.js';
import {
  askGateway,
  CANCELLED_AFTER_PAYMENT,
  claimGatewayRefunds,
  markRefunded,
  NEEDS_MERCHANT,
  type RefundDueInput,
  type RefundNotifier,
  recordGatewayAnswer,
  refundCancelledOrder,
  refundDue,
  refundTimeline,
  type StoreById,
  settleRefund,
} from './refunds.js';
import { isTestProvider, providerNamed, TRANSFER_PROVIDER } from './registry.js';
import { NO_PAYMENT_ENVIRONMENT, type PaymentEnvironment } from './settings.js';
import { type StaffReference, StoreProviders } from './store-providers.js';

export type PaymentInput = z.output<typeof PaymentRequestSchema>;

export const NOT_AWAITING_PAYMENT = 'This order is not awaiting payment.';
export const COD_PAID_ON_DELIVERY =
  'This order is paid in cash on delivery: confirm it with the code we sent to its phone (My Orders).';

/** What recording a payment did. */
export interface RecordedPayment {
  order: OrderRow;
  status: PaymentStatus;
  /** The provider's reference was seen before and nothing changed. */
  replayed: boolean;
  /** Money was taken but the order could not take it: the merchant must refund it. */
  needsRefund: boolean;
  /** Why: the gateway's reason for a failure, or why the order could not take the payment. */
  reason?: string;
}

/** The merchant's reference of a refund made by hand: a UTR, or the bank's or gateway's id of the transfer. */
export const REFUND_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_/-]{3,39}$/;
export const REFUND_REFERENCE_MESSAGE =
  "Give the refund's reference: the UTR of the transfer (12 digits), or the bank's or gateway's id of it.";
/** A refund the merchant has to make, with the provider and reference of the payment it returns (none for cash). */
export type RefundDue = RefundRow & { provider: string | null; payment_reference: string | null };

export const NOTHING_TO_REFUND = 'Nothing is due to be refunded for this order.';

/** Payments: which provider a store runs (StoreProviders), starting payments, and recording them once. */
export class PaymentService extends StoreProviders {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    /** The default store's provider and settings from the environment, read once at start. */
    environment: PaymentEnvironment = NO_PAYMENT_ENVIRONMENT,
    /** Reads a store in a transaction (a cancelled order's refund needs its provider's settings). */
    private readonly storeById: StoreById = async () => undefined,
    /** Writes the shopper's message of a refund started or made, in the refund's transaction. */
    private readonly notify: RefundNotifier = async () => {},
  ) {
    super(environment);
  }

  /** A refund due through a gateway was written: the gateway is asked once the transaction commits (when asked promptly). */
  private gatewayWaiting = false;
  private asking: Promise<number> | undefined;

  /**
   * Told of each order change in its transaction: a paid order that became Cancelled owes its
   * payments back. No gateway is called here: that is done after the commit, by the background work.
   */
  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const due = await refundCancelledOrder(trx, change);
    if (due.some((refund) => refund.next_attempt_at !== null)) this.gatewayWaiting = true;
  }

  /**
   * A refund the shop owes, written in the caller's transaction (the returns module calls it when a
   * returned parcel is received): amount in paise; through the gateway when the order's payment was
   * taken by one that refunds, else due for the merchant.
   */
  async refundDue(trx: Database, input: RefundDueInput): Promise<RefundRow> {
    const refund = await refundDue(trx, input);
    if (refund.next_attempt_at !== null) this.gatewayWaiting = true;
    return refund;
  }

  /** The order's refunds as timeline entries (refund due, refund requested, refunded), oldest first. */
  refundTimeline(storeId: string, orderId: string, db: Database = this.db): Promise<TimelineEntry[]> {
    return refundTimeline(db, storeId, orderId);
  }

  /**
   * The server asks gateways at once after a commit that wrote a refund for them (the housekeeping
   * job asks again every minute for retries); the `store` command leaves it to the server.
   */
  askGatewaysPromptly(onError: (error: unknown) => void): () => void {
    return watchCommits(this.db, () => {
      if (!this.gatewayWaiting) return;
      this.gatewayWaiting = false;
      this.requestDueRefunds().catch(onError);
    });
  }

  /**
   * Asks the gateways for every refund due to them now, each by its own idempotency key, and records
   * each answer (the shopper is told the refund started). A refund the gateway refuses, or that
   * failed too often, stays due for the merchant. Returns how many were started.
   */
  requestDueRefunds(now = Date.now()): Promise<number> {
    const previous = this.asking ?? Promise.resolve(0);
    const run = previous.catch(() => 0).then(() => this.askDue(now));
    this.asking = run;
    return run;
  }

  private async askDue(now: number): Promise<number> {
    const context = {
      storeById: (id: string) => this.storeById(id),
      settingsOf: (store: Store, name: string) => {
        const provider = providerNamed(name);
        return provider ? this.settingsFor(store, provider) : {};
      },
    };
    let started = 0;
    for (const refund of await claimGatewayRefunds(this.db, now)) {
      const answer = await askGateway(this.db, refund, context);
      await writeTransaction(this.db, async (trx) => {
        const recorded = await recordGatewayAnswer(trx, refund, answer, now);
        if (!recorded || answer.kind !== 'started') return;
        started += 1;
        await this.notify(trx, recorded, recorded.status === 'refunded' ? 'refunded' : 'started');
      });
    }
    return started;
  }

  /** A gateway's word that a refund it made is processed or failed (recorded once; the shopper told once). */
  refundSettled(storeId: string, providerName: string, notice: RefundNotice['refund']): Promise<void> {
    return writeTransaction(this.db, async (trx) => {
      const settled = await settleRefund(trx, storeId, providerName, notice);
      if (settled?.status === 'refunded') await this.notify(trx, settled, 'refunded');
    });
  }

  /**
   * The merchant says an order's refund was made (the transfer's UTR): the oldest refund still owed
   * becomes refunded, the shopper is told, and `within` (the audit entry) joins the transaction.
   */
  async recordRefunded(
    storeId: string,
    orderId: string,
    record: { reference: string; by: string; amount?: number | undefined },
    within?: (trx: Database, before: RefundRow, after: RefundRow) => Promise<void>,
  ): Promise<RefundRow> {
    const reference = record.reference.trim();
    if (!reference) throw new HttpError(400, REFUND_REFERENCE_MESSAGE, {}, 'reference');
    if (!REFUND_REFERENCE_PATTERN.test(reference)) throw new HttpError(400, REFUND_REFERENCE_MESSAGE, {}, 'reference');
    return writeTransaction(this.db, async (trx) => {
      const order = await this.orders.findRow(storeId, orderId, trx);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const owed = await trx
        .selectFrom('refunds')
        .selectAll()
        .where('store_id', '=', storeId)
        .where('order_id', '=', order.id)
        .where('status', 'in', NEEDS_MERCHANT)
        .orderBy('created_at')
        .executeTakeFirst();
      if (!owed) throw conflict(NOTHING_TO_REFUND);
      // The gateway is being asked for it this very moment: recording it now could refund it twice.
      if (owed.claimed_until && owed.claimed_until > new Date().toISOString()) {
        throw conflict('The payment gateway is being asked for this refund right now. Look again in a minute.');
      }
      if (record.amount !== undefined) {
        if (!Number.isInteger(record.amount) || record.amount <= 0 || record.amount > Number(owed.amount)) {
          throw new HttpError(
            400,
            `The amount refunded is more than nothing and at most the ${formatRupees(Number(owed.amount) / 100)} due.`,
            {},
            'amount',
          );
        }
      }
      const done = await markRefunded(trx, owed, {
        reference,
        by: record.by,
        ...(record.amount === undefined ? {} : { amount: record.amount }),
      });
      if (!done) throw conflict('The refund changed meanwhile: look again.');
      await this.notify(trx, done, 'refunded');
      await within?.(trx, owed, done);
      return done;
    });
  }

  /** The store's refunds, newest first (at most 500): all, or those in the given statuses, with the payment each returns. */
  async listRefunds(storeId: string, statuses?: RefundRow['status'][]): Promise<RefundDue[]> {
    let query = this.db
      .selectFrom('refunds')
      .leftJoin('payments', 'payments.id', 'refunds.payment_id')
      .selectAll('refunds')
      .select(['payments.provider as provider', 'payments.reference as payment_reference'])
      .where('refunds.store_id', '=', storeId);
    if (statuses) query = query.where('refunds.status', 'in', statuses);
    return query.orderBy('refunds.created_at', 'desc').orderBy('refunds.id').limit(500).execute();
  }

  /** An order's refunds, oldest first, with the payment each returns. */
  refundsOfOrder(storeId: string, orderId: string): Promise<RefundDue[]> {
    return this.db
      .selectFrom('refunds')
      .leftJoin('payments', 'payments.id', 'refunds.payment_id')
      .selectAll('refunds')
      .select(['payments.provider as provider', 'payments.reference as payment_reference'])
      .where('refunds.store_id', '=', storeId)
      .where('refunds.order_id', '=', orderId.toUpperCase())
      .orderBy('refunds.created_at')
      .orderBy('refunds.id')
      .execute();
  }

  /**
   * The one way an order is marked paid by hand (back office and CLI): the reference is checked
   * against the store's described reference, then recorded like a gateway's success.
   */
  async confirmByHand(
    store: Store,
    orderId: string,
    payment: { reference: string; by: string },
    within?: (trx: Database, recorded: RecordedPayment) => Promise<void>,
  ): Promise<RecordedPayment> {
    const described = this.staffReferenceFor(store);
    if (!described.pattern.test(payment.reference)) throw new HttpError(400, described.message, {}, 'reference');
    return this.recordManualPayment(
      store.id,
      orderId,
      { provider: described.provider.name, reference: payment.reference, by: payment.by },
      within,
    );
  }

  /** Only the order's owner may pay, and only while the order is Pending. */
  async start(
    store: Store,
    user: UserRow,
    input: PaymentInput,
    context: { origin: string; mobile: boolean },
  ): Promise<PaymentResponse> {
    const order = await this.orders.findRow(store.id, input.orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== OrderStatus.Pending) throw conflict(NOT_AWAITING_PAYMENT);
    if (isCodOrder(order.payment_provider)) throw conflict(COD_PAID_ON_DELIVERY);
    const provider = this.providerFor(store);
    if (!provider) throw conflict(PAYMENT_NOT_SET_UP);
    const settings = this.settingsFor(store, provider);
    const fields = withCheckedPhones(provider.fields(store), input.fields);
    return provider.start({ store, settings, order, user, fields, ...context });
  }

  /**
   * The shopper's own reference of a payment they made by hand (a UPI transfer's UTR), kept as the
   * order's pending payment under the store's provider: the merchant confirms it by the same
   * reference. Checked by the provider's own rule; one reference belongs to one order.
   */
  async recordShopperReference(store: Store, user: UserRow, orderId: string, reference: string): Promise<string> {
    const order = await this.orders.findRow(store.id, orderId);
    if (!order || order.user_id !== user.id) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== OrderStatus.Pending) throw conflict(NOT_AWAITING_PAYMENT);
    const provider = this.providerFor(store);
    const confirmation = provider?.confirmation;
    if (!provider || !confirmation || !('byHand' in confirmation)) {
      throw conflict('This store confirms payments through its gateway: there is no reference to give.');
    }
    const rule = confirmation.byHand.reference;
    const given = reference.replace(/\s+/g, '');
    if (!rule.pattern.test(given)) throw new HttpError(400, rule.message, {}, 'reference');
    const kept = await findPayment(this.db, provider.name, given);
    if (kept && kept.order_id !== order.id) {
      throw conflict('This reference is already recorded for another order. Please check the number.');
    }
    if (!kept) {
      await this.record(store.id, provider.name, {
        orderId: order.id,
        reference: given,
        amount: Number(order.total),
        status: 'pending',
        detail: { recordedBy: 'shopper' },
      });
    }
    return given;
  }

  /**
   * A payment confirmed outside a gateway: the full amount, successful. Without a provider it is a
   * transfer to the shop's UPI id by its UTR (the `orders paid --utr` command).
   */
  async recordManualPayment(
    storeId: string,
    orderId: string,
    payment: { provider?: string; reference: string; by?: string },
    /** More work for the payment's transaction (the back office's audit entry). */
    within?: (trx: Database, recorded: RecordedPayment) => Promise<void>,
  ): Promise<RecordedPayment> {
    const order = await this.orders.findRow(storeId, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    // The merchant says they received it: only a Pending order can be marked paid by hand (a replayed UTR aside).
    const provider = payment.provider ?? TRANSFER_PROVIDER.name;
    const replay = await findPayment(this.db, provider, payment.reference);
    if (!replay && order.status !== OrderStatus.Pending) throw conflict(NOT_AWAITING_PAYMENT);
    const by = payment.by ?? 'merchant';
    return this.record(
      storeId,
      provider,
      {
        orderId: order.id,
        reference: payment.reference,
        amount: Number(order.total),
        status: 'success',
        detail: { recordedBy: by },
        recordedBy: by,
      },
      within,
    );
  }

  /**
   * Records a verified outcome, once per provider reference, in one transaction with the order's
   * move. A replay changes nothing; a 'pending' may later become 'success' or 'failed'; a success
   * is final. A success the order cannot take (cancelled, already paid, another amount) is still
   * written, flagged for refund: money taken is never left unrecorded.
   */
  async record(
    storeId: string,
    providerName: string,
    outcome: PaymentOutcome,
    within?: (trx: Database, recorded: RecordedPayment) => Promise<void>,
  ): Promise<RecordedPayment> {
    const attempt = () =>
      writeTransaction(this.db, async (trx): Promise<RecordedPayment> => {
        const previous = await findPayment(trx, providerName, outcome.reference);
        if (previous && !mayChange(previous.status, outcome.status)) return this.replayOf(trx, storeId, previous);

        const order = await this.orders.findRow(storeId, outcome.orderId, trx);
        if (!order) throw new HttpError(400, 'The payment names an order we do not know.');
        const now = nowIso();
        const detail = { ...JSON.parse(previous?.detail_json ?? '{}'), ...outcome.detail } as Record<string, string>;
        if (outcome.reason) detail.reason = outcome.reason;

        let result: RecordedPayment = { order, status: outcome.status, replayed: false, needsRefund: false };
        if (outcome.status === 'success') {
          const paid = await this.orders.markPaid(trx, storeId, order.id, {
            amount: outcome.amount,
            by: { actor: outcome.recordedBy ?? `payment:${providerName}`, note: outcome.reference },
          });
          if (paid && !paid.moved) {
            detail.refundReason = paid.reason;
            result = { ...result, order: paid.order, needsRefund: true, reason: paid.reason };
          } else if (paid) {
            result = { ...result, order: paid.order };
          }
        } else if (outcome.reason) {
          result = { ...result, reason: outcome.reason };
        }

        const row = {
          status: outcome.status,
          amount: outcome.amount,
          needs_refund: result.needsRefund ? 1 : 0,
          detail_json: JSON.stringify(detail),
        };
        const paymentId = previous?.id ?? randomUUID();
        if (previous) {
          await trx
            .updateTable('payments')
            .set({ ...row, updated_at: now })
            .where('id', '=', previous.id)
            .where('status', '=', previous.status)
            .execute();
        } else {
          await trx
            .insertInto('payments')
            .values({
              ...row,
              id: paymentId,
              order_id: order.id,
              store_id: storeId,
              provider: providerName,
              reference: outcome.reference,
              created_at: now,
              updated_at: null,
            })
            .execute();
        }
        if (result.needsRefund) {
          // Money the order could not take is owed back, like a cancelled order's.
          await this.refundDue(trx, {
            storeId,
            orderId: order.id,
            paymentId,
            amount: outcome.amount,
            reason: result.reason ?? CANCELLED_AFTER_PAYMENT,
            source: 'payment',
          });
        }
        await within?.(trx, result);
        return result;
      });
    try {
      return await attempt();
    } catch (error) {
      // Two deliveries of one callback at once: the unique (provider, reference) lets one in; the other is a replay.
      if (error instanceof HttpError) throw error;
      const raced = await findPayment(this.db, providerName, outcome.reference);
      if (raced) return attempt();
      throw error;
    }
  }

  /** Every payment attempt recorded for an order, oldest first. */
  async listForOrder(storeId: string, orderId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId.toUpperCase())
      .orderBy('created_at')
      .execute();
  }

  /** Which of these orders were paid on a test gateway (marked TEST wherever the merchant sees them). */
  async testPaidOrderIds(storeId: string, orderIds: string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const paid = await this.db
      .selectFrom('payments')
      .select(['order_id', 'provider'])
      .where('store_id', '=', storeId)
      .where('status', '=', 'success')
      .where('order_id', 'in', orderIds)
      .execute();
    return new Set(paid.filter((payment) => isTestProvider(payment.provider)).map((payment) => payment.order_id));
  }

  /** Refunds the merchant has to make (due, or failed at the gateway), oldest first, with the payment they return. */
  async listNeedingRefund(storeId: string): Promise<RefundDue[]> {
    return this.db
      .selectFrom('refunds')
      .leftJoin('payments', 'payments.id', 'refunds.payment_id')
      .selectAll('refunds')
      .select(['payments.provider as provider', 'payments.reference as payment_reference'])
      .where('refunds.store_id', '=', storeId)
      .where('refunds.status', 'in', NEEDS_MERCHANT)
      .orderBy('refunds.created_at')
      .orderBy('refunds.id')
      .execute();
  }

  private async replayOf(trx: Database, storeId: string, payment: PaymentRow): Promise<RecordedPayment> {
    const order = await this.orders.findRow(storeId, payment.order_id, trx);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const detail = JSON.parse(payment.detail_json) as Record<string, string>;
    const reason = detail.refundReason ?? detail.reason;
    return {
      order,
      status: payment.status,
      replayed: true,
      needsRefund: payment.needs_refund === 1,
      ...(reason ? { reason } : {}),
    };
  }

  /** How many of the store's refunds are due or failed (the back office's "Needs refund"). */
  async countNeedingRefund(storeId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('store_id', '=', storeId)
      .where('status', 'in', NEEDS_MERCHANT)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The successful payments of these orders, oldest first: who took the money, and its reference. */
  successfulForOrders(
    storeId: string,
    orderIds: string[],
  ): Promise<Pick<PaymentRow, 'order_id' | 'provider' | 'reference'>[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('payments')
      .select(['order_id', 'provider', 'reference'])
      .where('store_id', '=', storeId)
      .where('status', '=', 'success')
      .where('order_id', 'in', orderIds)
      .orderBy('created_at')
      .execute();
  }
}

/** A payment's story only moves forward: pending → success or failed, failed → success (the gateway took it after all). */
function mayChange(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === 'pending') return to !== 'pending';
  if (from === 'failed') return to === 'success';
  return false;
}

/** A refund made through the gateway, as the payment's detail keeps it (paise), or null. */
export function gatewayRefundOf(
  payment: PaymentRow,
): { reference: string; amount: number; status: 'started' | 'processed' | 'failed' } | null {
  const detail = JSON.parse(payment.detail_json) as Record<string, string>;
  const status = detail.refundStatus;
  if (!detail.refundReference || (status !== 'started' && status !== 'processed' && status !== 'failed')) return null;
  return { reference: detail.refundReference, amount: Number(detail.refundAmount ?? 0), status };
}

/** Whether the payment's reference was given by the shopper (a UTR the merchant has yet to check). */
export const givenByShopper = (payment: PaymentRow): boolean =>
  (JSON.parse(payment.detail_json) as Record<string, string>).recordedBy === 'shopper';

export const refundReasonOf = (payment: PaymentRow): string =>
  (JSON.parse(payment.detail_json) as Record<string, string>).refundReason ?? '';

function findPayment(db: Database, provider: string, reference: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

export type { StaffReference };
export { isTestProvider };

/** Every phone the payer gave is an Indian mobile number, passed on as '+919845012345'; anything else is a 400. */
function withCheckedPhones(declared: PaymentField[], fields: Record<string, string>): Record<string, string> {
  const checked = { ...fields };
  for (const field of declared) {
    const value = fields[field.name]?.trim();
    if (!isPhoneField(field) || !value || value === '+91') continue;
    const mobile = indianMobile(value);
    if (!mobile) throw new HttpError(400, INDIAN_MOBILE_MESSAGE, {}, `fields.${field.name}`);
    checked[field.name] = mobile;
  }
  return checked;
}
