import { formatRupees, OrderStatus } from '@netkart/contract';
import type { Database, PaymentRow, RefundRow } from '../../db/schema.js';
import { newId } from '../../shared/ids.js';
import type { OrderChange, TimelineEntry, TimelineSource } from '../orders/service.js';
import type { Store } from '../stores/service.js';
import type { ProviderSettings, RefundNotice } from './provider.js';
import { providerNamed } from './registry.js';

/** What the merchant is told about a paid order that was cancelled and is theirs to refund. */
export const CANCELLED_AFTER_PAYMENT = 'Order cancelled after payment';
/** The cancel reason of a parcel the courier brought back (the COD module's word for it). */
const RETURNED_TO_ORIGIN = /returned to origin/i;

/** Where a refund comes from: a cancelled order, a returned parcel, a parcel back to origin, a payment an order could not take. */
export type RefundSource = 'cancel' | 'return' | 'rto' | 'payment';

/** How the money goes back: through the payment's gateway, or by the merchant (UPI, bank transfer, cash, the provider's own way). */
export type RefundMethod = 'gateway' | 'upi' | 'bank' | 'cash' | 'by-hand';

/** A refund the shop owes, as another module asks for it inside its own transaction (amount in paise). */
export interface RefundDueInput {
  storeId: string;
  orderId: string;
  amount: number;
  reason: string;
  source: RefundSource;
  returnId?: string;
  /** Unset: the gateway when the order's payment was taken by one that refunds, else the merchant by hand. */
  method?: RefundMethod;
  /** Where the money goes when it is not the gateway (a UPI id for a COD return). */
  destination?: string;
  /** The payment it returns; unset: the order's successful payment, if any. */
  paymentId?: string;
}

/** What the shopper hears of a refund: the gateway started it, or it reached them. */
export type RefundNoticeKind = 'started' | 'refunded';

/** Writes the shopper's message of a refund in the caller's transaction (the messages module does it). */
export type RefundNotifier = (trx: Database, refund: RefundRow, kind: RefundNoticeKind) => Promise<void>;

export type StoreById = (id: string, trx?: Database) => Promise<Store | undefined>;
export type SettingsOf = (store: Store, providerName: string) => ProviderSettings;

/** A gateway that did not answer is asked again after 1 minute, then 2, 4 … at most an hour apart. */
export const FIRST_REFUND_RETRY_MS = 60_000;
const LONGEST_REFUND_RETRY_MS = 3_600_000;
/** After this many tries the refund is left to the merchant. */
export const REFUND_ATTEMPTS_MAX = 10;
/** While one server process asks the gateway, no other asks for the same refund. */
const REFUND_CLAIM_MS = 2 * 60_000;

export const refundRetryDelayMs = (attempts: number): number =>
  Math.min(FIRST_REFUND_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_REFUND_RETRY_MS);

/** The key the gateway deduplicates a refund by: one per refund, the same on every retry. */
export const refundIdempotencyKey = (refund: Pick<RefundRow, 'id'>): string => `refund-${refund.id}`;

/**
 * A refund the shop owes, written in the caller's transaction (no network call here). When it is to
 * go through the gateway it is due for the background work at once; else it waits for the merchant.
 */
export async function refundDue(trx: Database, input: RefundDueInput, now = Date.now()): Promise<RefundRow> {
  const payment = input.paymentId
    ? await trx.selectFrom('payments').selectAll().where('id', '=', input.paymentId).executeTakeFirst()
    : await trx
        .selectFrom('payments')
        .selectAll()
        .where('store_id', '=', input.storeId)
        .where('order_id', '=', input.orderId)
        .where('status', '=', 'success')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
  const method = input.method ?? (payment && refundsThroughGateway(payment) ? 'gateway' : 'by-hand');
  const at = new Date(now).toISOString();
  const row: RefundRow = {
    id: newId(),
    store_id: input.storeId,
    order_id: input.orderId,
    payment_id: payment?.id ?? null,
    amount: Math.round(input.amount),
    method,
    destination: input.destination ?? null,
    reason: input.reason,
    source: input.source,
    return_id: input.returnId ?? null,
    status: 'due',
    gateway_reference: null,
    merchant_reference: null,
    attempts: 0,
    next_attempt_at: method === 'gateway' && payment ? at : null,
    claimed_until: null,
    last_error: null,
    recorded_by: null,
    created_at: at,
    requested_at: null,
    refunded_at: null,
    updated_at: at,
  };
  await trx.insertInto('refunds').values(row).execute();
  return row;
}

const refundsThroughGateway = (payment: PaymentRow) => typeof providerNamed(payment.provider)?.refund === 'function';

/**
 * Told of an order's change in its transaction: a paid order that became Cancelled owes its
 * payments back, each once (a payment already owed back, or already refunded, is not owed twice).
 */
export async function refundCancelledOrder(trx: Database, change: OrderChange): Promise<RefundRow[]> {
  if (change.kind !== 'moved' || change.to !== OrderStatus.Cancelled) return [];
  const { order } = change;
  const paid = await trx
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('status', '=', 'success')
    .execute();
  const due: RefundRow[] = [];
  for (const payment of paid) {
    const owed = await trx.selectFrom('refunds').select('id').where('payment_id', '=', payment.id).executeTakeFirst();
    if (owed) continue;
    const rto = RETURNED_TO_ORIGIN.test(order.cancel_reason ?? '');
    due.push(
      await refundDue(trx, {
        storeId: order.store_id,
        orderId: order.id,
        paymentId: payment.id,
        amount: Number(payment.amount),
        reason: rto ? 'Parcel returned to origin after payment' : CANCELLED_AFTER_PAYMENT,
        source: rto ? 'rto' : 'cancel',
      }),
    );
  }
  return due;
}

/** Refunds waiting for the gateway now, each claimed for this process (a guarded update lets one process win). */
export async function claimGatewayRefunds(db: Database, now: number, limit = 20): Promise<RefundRow[]> {
  const at = new Date(now).toISOString();
  const until = new Date(now + REFUND_CLAIM_MS).toISOString();
  const waiting = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'due')
    .where('method', '=', 'gateway')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: RefundRow[] = [];
  for (const refund of waiting) {
    const taken = await db
      .updateTable('refunds')
      .set({ claimed_until: until })
      .where('id', '=', refund.id)
      .where('status', '=', 'due')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) claimed.push({ ...refund, claimed_until: until });
  }
  return claimed;
}

/** What asking the gateway for one refund came to. */
export type GatewayAnswer =
  | { kind: 'started'; reference: string; processed: boolean }
  | { kind: 'retry'; error: string }
  | { kind: 'refused'; error: string };

/** Asks the payment's gateway for the refund, by the refund's own idempotency key; never throws. */
export async function askGateway(
  db: Database,
  refund: RefundRow,
  context: { storeById: StoreById; settingsOf: SettingsOf },
): Promise<GatewayAnswer> {
  if (!refund.payment_id) return { kind: 'refused', error: 'No payment to refund through a gateway.' };
  const payment = await db.selectFrom('payments').selectAll().where('id', '=', refund.payment_id).executeTakeFirst();
  const provider = payment ? providerNamed(payment.provider) : undefined;
  const store = await context.storeById(refund.store_id);
  if (!payment || !provider || typeof provider.refund !== 'function' || !store) {
    return { kind: 'refused', error: 'The payment was not taken by a gateway that refunds.' };
  }
  try {
    const started = await provider.refund(
      payment,
      Number(refund.amount),
      context.settingsOf(store, provider.name),
      refundIdempotencyKey(refund),
    );
    return { kind: 'started', reference: started.reference, processed: started.status === 'processed' };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'no answer';
    const status = (error as { status?: unknown }).status;
    // The gateway said no (a 4xx other than a conflict or a rate limit): asking again changes nothing.
    const refused = typeof status === 'number' && status >= 400 && status < 500 && status !== 409 && status !== 429;
    return refused ? { kind: 'refused', error: message } : { kind: 'retry', error: message };
  }
}

/**
 * Records the gateway's answer for a claimed refund: started (requested, or refunded when the
 * gateway says so at once), tried again later, or left due for the merchant. Returns the refund as
 * it now is, or undefined when another change got there first.
 */
export async function recordGatewayAnswer(
  trx: Database,
  refund: RefundRow,
  answer: GatewayAnswer,
  now: number,
): Promise<RefundRow | undefined> {
  const at = new Date(now).toISOString();
  const attempts = refund.attempts + 1;
  const common = { attempts, claimed_until: null, updated_at: at };
  let changes: Partial<RefundRow>;
  if (answer.kind === 'started') {
    changes = {
      ...common,
      status: answer.processed ? 'refunded' : 'requested',
      gateway_reference: answer.reference,
      requested_at: at,
      next_attempt_at: null,
      last_error: null,
      ...(answer.processed ? { refunded_at: at, recorded_by: 'gateway' } : {}),
    };
  } else if (answer.kind === 'retry' && attempts < REFUND_ATTEMPTS_MAX) {
    changes = {
      ...common,
      next_attempt_at: new Date(now + refundRetryDelayMs(attempts)).toISOString(),
      last_error: answer.error,
    };
  } else {
    // Left to the merchant: it stays due, and the gateway is not asked again.
    changes = { ...common, next_attempt_at: null, last_error: answer.error };
  }
  const updated = await trx
    .updateTable('refunds')
    .set(changes)
    .where('id', '=', refund.id)
    .where('status', '=', 'due')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return undefined;
  return { ...refund, ...changes };
}

/**
 * A gateway's word on a refund it made (Razorpay's refund.processed or refund.failed): a requested
 * refund becomes refunded or failed once; a replay, or a word on a refund we never asked for,
 * changes nothing. Returns the refund that moved.
 */
export async function settleRefund(
  trx: Database,
  storeId: string,
  providerName: string,
  notice: RefundNotice['refund'],
  now = Date.now(),
): Promise<RefundRow | undefined> {
  const refund = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('gateway_reference', '=', notice.reference)
    .executeTakeFirst();
  if (!refund || (refund.status !== 'requested' && refund.status !== 'due')) return undefined;
  const at = new Date(now).toISOString();
  const changes: Partial<RefundRow> =
    notice.status === 'processed'
      ? { status: 'refunded', refunded_at: at, recorded_by: `gateway:${providerName}`, updated_at: at }
      : { status: 'failed', last_error: "The gateway's refund failed", updated_at: at };
  const updated = await trx
    .updateTable('refunds')
    .set(changes)
    .where('id', '=', refund.id)
    .where('status', '=', refund.status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? { ...refund, ...changes } : undefined;
}

/** The merchant says the money went back (by the transfer's UTR): a due or failed refund becomes refunded. */
export async function markRefunded(
  trx: Database,
  refund: RefundRow,
  record: { reference: string; by: string; amount?: number },
  now = Date.now(),
): Promise<RefundRow | undefined> {
  const at = new Date(now).toISOString();
  const changes: Partial<RefundRow> = {
    status: 'refunded',
    merchant_reference: record.reference,
    recorded_by: record.by,
    refunded_at: at,
    next_attempt_at: null,
    claimed_until: null,
    updated_at: at,
    ...(record.amount === undefined ? {} : { amount: record.amount }),
  };
  const updated = await trx
    .updateTable('refunds')
    .set(changes)
    .where('id', '=', refund.id)
    .where('status', '=', refund.status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? { ...refund, ...changes } : undefined;
}

/** The refunds the merchant has to see to: due (the gateway may still be trying), or failed at the gateway. */
export const NEEDS_MERCHANT: RefundRow['status'][] = ['due', 'failed'];

const paiseText = (paise: number) => formatRupees(Number(paise) / 100);

/** An order's refunds as timeline entries, oldest first: refund due, refund requested, refunded or failed. */
export const refundTimeline: TimelineSource = async (db, storeId, orderId) => {
  const refunds = await db
    .selectFrom('refunds')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId.toUpperCase())
    .orderBy('created_at')
    .execute();
  const entries: TimelineEntry[] = [];
  for (const refund of refunds) {
    const amount = paiseText(refund.amount);
    entries.push({
      at: refund.created_at,
      kind: 'refund-due',
      label: `Refund of ${amount} due`,
      detail: refund.reason,
    });
    if (refund.requested_at && refund.method === 'gateway') {
      entries.push({
        at: refund.requested_at,
        kind: 'refund-requested',
        label: `Refund of ${amount} started with the payment gateway`,
        ...(refund.gateway_reference ? { detail: `Gateway reference ${refund.gateway_reference}` } : {}),
      });
    }
    if (refund.status === 'refunded' && refund.refunded_at) {
      const reference = refund.merchant_reference ?? refund.gateway_reference;
      entries.push({
        at: refund.refunded_at,
        kind: 'refunded',
        label: `Refund of ${amount} made`,
        ...(reference ? { detail: `Reference ${reference}` } : {}),
      });
    }
    if (refund.status === 'failed') {
      entries.push({
        at: refund.updated_at,
        kind: 'refund-failed',
        label: `Refund of ${amount} failed at the gateway`,
      });
    }
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
};
