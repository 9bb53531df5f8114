import type { AdminRefund } from '@netkart/contract';
import { Link } from 'react-router';
import { Badge } from '@/components/ui';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';

const orderPath = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** How the money goes back, in the merchant's words. */
export function refundMethodText(refund: Pick<AdminRefund, 'method' | 'destination'>): string {
  switch (refund.method) {
    case 'gateway':
      return 'Through the payment gateway';
    case 'by-hand':
      return 'By you, to the account the shopper paid from';
    case 'upi':
      return `By UPI${refund.destination ? ` to ${refund.destination}` : ''}`;
    case 'bank':
      return `By bank transfer${refund.destination ? ` to ${refund.destination}` : ''}`;
    case 'cash':
      return 'In cash';
    default:
      return refund.method;
  }
}

/** Where a refund stands, as a badge. */
export function RefundStatusBadge({ refund }: { refund: AdminRefund }) {
  if (refund.status === 'refunded') return <Badge tone="green">Refunded</Badge>;
  if (refund.status === 'requested') return <Badge tone="yellow">With the gateway</Badge>;
  if (refund.status === 'failed') return <Badge tone="red">Gateway refund failed</Badge>;
  return <Badge tone="red">{refund.waitingForGateway ? 'Due: asking the gateway' : 'Due'}</Badge>;
}

/** One refund: its order, amount, status, how it goes back, why, and its references. */
export function RefundSummary({ refund, linkOrder = true }: { refund: AdminRefund; linkOrder?: boolean }) {
  const reference = refund.merchantReference ?? refund.gatewayReference;
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        {linkOrder ? (
          <Link to={orderPath(refund.orderId)} className="font-mono font-medium text-brand-700 hover:underline">
            {refund.orderId}
          </Link>
        ) : null}
        <span className="font-semibold tabular-nums">{formatPrice(refund.amount)}</span>
        <RefundStatusBadge refund={refund} />
      </p>
      <p className="text-slate-800">
        {refundMethodText(refund)} · {refund.reason}
      </p>
      {refund.payment ? (
        <p className="break-all text-slate-600">
          Paid with {refund.payment.provider}: <span className="font-mono">{refund.payment.reference}</span>
        </p>
      ) : null}
      {refund.lastError && refund.status !== 'refunded' ? (
        <p className="text-red-800">The gateway said: {refund.lastError}</p>
      ) : null}
      <p className="text-slate-600">
        Due since {formatDateTime(refund.createdAt)}
        {refund.refundedAt ? ` · refunded ${formatDateTime(refund.refundedAt)}` : ''}
        {reference ? (
          <>
            {' '}
            · reference <span className="font-mono">{reference}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
