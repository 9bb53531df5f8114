import { formatRupees } from '@netkart/contract';
import { toRupees } from '../../shared/money.js';
import type { TimelineEntry, TimelineSource } from '../orders/service.js';
import { gatewayRefundOf } from './service.js';

const REFUND_WORDS = {
  started: { kind: 'refund-started', label: 'Refund started' },
  processed: { kind: 'refunded', label: 'Refunded' },
  failed: { kind: 'refund-failed', label: 'Refund failed' },
} as const;

/**
 * The payments' part of an order's timeline: what the order's own moves do not tell — money that
 * must go back (a refund due, and why), and a gateway's refund as it stands. The payment that paid
 * the order is its "Paid" move.
 */
export const paymentTimeline: TimelineSource = async (db, storeId, orderId) => {
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('order_id', '=', orderId.toUpperCase())
    .where('status', '=', 'success')
    .orderBy('created_at')
    .execute();
  const entries: TimelineEntry[] = [];
  for (const payment of payments) {
    const at = payment.updated_at ?? payment.created_at;
    const refund = gatewayRefundOf(payment);
    if (refund && (refund.status !== 'failed' || payment.needs_refund !== 1)) {
      const words = REFUND_WORDS[refund.status];
      entries.push({
        at,
        ...words,
        detail: `${formatRupees(toRupees(refund.amount))} back to the way it was paid`,
      });
    }
    if (payment.needs_refund === 1) {
      entries.push({
        at,
        kind: 'refund-due',
        label: 'Refund due',
        detail: `${formatRupees(toRupees(Number(payment.amount)))} to be refunded by the shop`,
      });
    }
  }
  return entries;
};
