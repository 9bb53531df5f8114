import { z } from 'zod';

/** Where a refund stands: due (owed), requested (the gateway was asked), refunded, or failed at the gateway. */
export const RefundStatus = z.enum(['due', 'requested', 'refunded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** One refund the store owes or made, as the back office shows it (money in rupees). */
export const AdminRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.number(),
  /** 'gateway', 'upi', 'bank', 'cash', or 'by-hand' (the merchant, outside the shop). */
  method: z.string(),
  /** Where the money goes when it is not the gateway (a UPI id). */
  destination: z.string().nullable(),
  reason: z.string(),
  /** 'cancel', 'return', 'rto', 'payment' (a payment the order could not take). */
  source: z.string(),
  status: RefundStatus,
  /** The gateway is still to be asked (again) for it. */
  waitingForGateway: z.boolean(),
  /** The gateway's last refusal or error, when it had one. */
  lastError: z.string().nullable(),
  gatewayReference: z.string().nullable(),
  /** The merchant's reference of a refund made by hand (the transfer's UTR). */
  merchantReference: z.string().nullable(),
  /** The payment it returns: its provider and reference (null for cash on delivery). */
  payment: z.object({ provider: z.string(), reference: z.string() }).nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminRefundListQuery = z.object({
  /** Only refunds in this status; all when not given. */
  status: RefundStatus.optional(),
});

export const AdminRefundListResponse = z.object({ data: z.array(AdminRefund) });
export type AdminRefundListResponse = z.infer<typeof AdminRefundListResponse>;

export const REFUND_REFERENCE_REQUIRED =
  "The refund's reference is required: the UTR of the transfer, or the bank's or gateway's id of it.";

/** The merchant records a refund made by hand: its reference, and the rupees refunded when less than due. */
export const RecordRefundRequest = z.object({
  reference: z
    .string({ error: REFUND_REFERENCE_REQUIRED })
    .trim()
    .min(1, { error: REFUND_REFERENCE_REQUIRED })
    .max(40, { error: 'reference must be at most 40 characters.' }),
  amount: z
    .number({ error: 'amount must be the rupees refunded.' })
    .positive({ error: 'amount must be the rupees refunded, above ₹0.' })
    .max(10_000_000, { error: 'amount is too large.' })
    .optional(),
});
export type RecordRefundRequest = z.input<typeof RecordRefundRequest>;
