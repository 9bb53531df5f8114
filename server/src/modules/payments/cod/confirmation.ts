import { COD_PAYMENT } from '@netkart/contract';
import type { ByHandConfirmation, HandReference } from '../provider.js';

/** The courier's remittance reference for the cash it collected (its COD remittance report's id). */
export const REMITTANCE_REFERENCE: HandReference = {
  kind: 'remittance',
  label: "Courier's remittance reference",
  pattern: /^[A-Za-z0-9][A-Za-z0-9/_-]{2,39}$/,
  numeric: false,
  message: "A remittance reference is the courier's id of its COD payout: 3 to 40 letters, digits, '-', '_' or '/'.",
  help: 'The courier paid over the cash it collected: enter the amount and the reference of its remittance.',
};

/**
 * Cash on delivery, a payment method beside the store's online provider: the shopper confirms the
 * order by a code sent to its phone, pays the courier, and the merchant records the cash collected.
 */
export const COD_CONFIRMATION: ByHandConfirmation = {
  reference: REMITTANCE_REFERENCE,
  howToPay:
    'Cash on delivery: first confirm the order with the 6-digit code we sent by SMS to its phone (My Orders → Confirm). Then pay the courier in cash when the parcel arrives.',
  nextStep: (orderId) =>
    `Next: cash on delivery. The order waits until the shopper confirms it with the code sent to their phone; once it shows as Processing, pack and ship it. Record the cash when the courier remits it (npm run store -- orders cod-cash ${orderId} --amount <the total> --reference <remittance reference>, or the back office).`,
};

export const isCodOrder = (paymentProvider: string | null): boolean => paymentProvider === COD_PAYMENT;
