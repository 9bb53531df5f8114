import { PaymentReturn } from '@store/contract';

export interface ReturnNotice {
  title: string;
  text: string;
}

/**
 * What the gateway's return to /payment?payment=…&reason=… tells the payer: a failed payment can be
 * tried again; a payment the order could no longer take is refunded. Nothing for any other address.
 */
export function returnNotice(payment: string | null, reason: string | null): ReturnNotice | undefined {
  const parsed = PaymentReturn.safeParse(payment);
  if (!parsed.success) return undefined;
  if (parsed.data === 'failed') {
    return { title: 'Payment not completed', text: `${reason || 'The payment was not completed.'} You can try again.` };
  }
  return {
    title: 'Your payment will be refunded',
    text: reason || 'The payment arrived after this order could no longer take it, so it will be refunded to you.',
  };
}
