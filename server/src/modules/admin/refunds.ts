import type { AdminRefund } from '@netkart/contract';
import { toRupees } from '../../shared/money.js';
import type { RefundDue } from '../payments/service.js';

/** A refund as the back office shows it (rupees on the wire). */
export function toAdminRefund(refund: RefundDue): AdminRefund {
  return {
    id: refund.id,
    orderId: refund.order_id,
    amount: toRupees(Number(refund.amount)),
    method: refund.method,
    destination: refund.destination,
    reason: refund.reason,
    source: refund.source,
    status: refund.status,
    waitingForGateway: refund.status === 'due' && refund.next_attempt_at !== null,
    lastError: refund.last_error,
    gatewayReference: refund.gateway_reference,
    merchantReference: refund.merchant_reference,
    payment:
      refund.provider && refund.payment_reference
        ? { provider: refund.provider, reference: refund.payment_reference }
        : null,
    createdAt: refund.created_at,
    refundedAt: refund.refunded_at,
  };
}
