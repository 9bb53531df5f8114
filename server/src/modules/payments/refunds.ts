import { OrderStatus } from '@netkart/contract';
import type { Database, PaymentRow } from '../../db/schema.js';
import { nowIso } from '../../shared/ids.js';
import type { OrderChange } from '../orders/service.js';
import type { Store } from '../stores/service.js';
import type { ProviderSettings, RefundNotice, RefundStatus } from './provider.js';
import { providerNamed } from './registry.js';

/** What the merchant is told about a paid order that was cancelled and is theirs to refund. */
export const CANCELLED_AFTER_PAYMENT = 'Order cancelled after payment';

/** How a refund stands, kept in the payment's detail (its gateway reference, paise, status). */
export interface RefundRecord {
  refundReference?: string;
  refundAmount?: string;
  refundStatus?: RefundStatus;
}

export type StoreById = (id: string, trx: Database) => Promise<Store | undefined>;
export type SettingsOf = (store: Store, providerName: string) => ProviderSettings;

const detailOf = (payment: PaymentRow) => JSON.parse(payment.detail_json) as Record<string, string>;

/**
 * Starts the refund of a paid order that became Cancelled (by staff, or by the shopper through the
 * same move), in the move's own transaction: a provider that refunds through its gateway is asked
 * to (idempotent on retry, so a rolled-back move asked again refunds once); otherwise, or when the
 * gateway refuses, the payment is flagged for the merchant to refund by hand.
 */
export async function refundCancelledOrder(
  trx: Database,
  change: OrderChange,
  context: { storeById: StoreById; settingsOf: SettingsOf },
): Promise<void> {
  if (change.kind !== 'moved' || change.to !== OrderStatus.Cancelled) return;
  const { order } = change;
  const paid = await trx
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('status', '=', 'success')
    .where('needs_refund', '=', 0)
    .execute();
  for (const payment of paid) {
    const detail = detailOf(payment);
    if (detail.refundStatus) continue;
    const amount = Number(order.total);
    const provider = providerNamed(payment.provider);
    const refund = provider?.refund;
    const store = await context.storeById(order.store_id, trx);
    if (typeof refund === 'function' && store) {
      try {
        const started = await refund(payment, amount, context.settingsOf(store, payment.provider));
        await keep(trx, payment, {
          ...detail,
          refundReference: started.reference,
          refundAmount: String(amount),
          refundStatus: started.status,
        });
        continue;
      } catch (error) {
        const why = error instanceof Error ? error.message : 'no answer';
        await flagForRefund(
          trx,
          payment,
          { ...detail, refundAmount: String(amount) },
          `${CANCELLED_AFTER_PAYMENT}; the gateway did not refund it: ${why}`,
        );
        continue;
      }
    }
    await flagForRefund(trx, payment, { ...detail, refundAmount: String(amount) }, CANCELLED_AFTER_PAYMENT);
  }
}

/**
 * A gateway's word on a refund it made (Razorpay's refund.processed): the payment's refund moves
 * from started to processed or failed once; a replay, or a word on a refund we never asked for,
 * changes nothing. A failed refund is flagged for the merchant.
 */
export async function settleRefund(
  db: Database,
  storeId: string,
  providerName: string,
  notice: RefundNotice['refund'],
): Promise<void> {
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('provider', '=', providerName)
    .where('reference', '=', notice.paymentReference)
    .executeTakeFirst();
  if (!payment) return;
  const detail = detailOf(payment);
  if (detail.refundReference !== notice.reference || detail.refundStatus !== 'started') return;
  const settled = { ...detail, refundStatus: notice.status };
  if (notice.status === 'failed') {
    await flagForRefund(db, payment, settled, `${CANCELLED_AFTER_PAYMENT}; the gateway's refund failed`);
  } else {
    await keep(db, payment, settled);
  }
}

async function keep(db: Database, payment: PaymentRow, detail: Record<string, string>) {
  await db
    .updateTable('payments')
    .set({ detail_json: JSON.stringify(detail), updated_at: nowIso() })
    .where('id', '=', payment.id)
    .execute();
}

async function flagForRefund(db: Database, payment: PaymentRow, detail: Record<string, string>, reason: string) {
  await db
    .updateTable('payments')
    .set({ needs_refund: 1, detail_json: JSON.stringify({ ...detail, refundReason: reason }), updated_at: nowIso() })
    .where('id', '=', payment.id)
    .execute();
}
