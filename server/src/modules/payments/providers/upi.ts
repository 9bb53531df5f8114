import { HttpError } from '../../../http/errors.js';
import { toRupees } from '../../../http/money.js';
import type { PaymentProvider } from '../provider.js';

export interface UpiIntent {
  /** The payee's VPA. */
  pa: string;
  /** The payee's name. */
  pn: string;
  /** Our reference for the transaction. */
  tr: string;
  /** A note the payer sees. */
  tn: string;
  /** Rupees. */
  amount: number;
}

/** NPCI's UPI linking format; every value percent-encoded (a space is %20, never '+'). */
export function upiIntentUrl(intent: UpiIntent): string {
  const parts: [string, string][] = [
    ['pa', intent.pa],
    ['pn', intent.pn],
    ['tr', intent.tr],
    ['tn', intent.tn],
    ['am', intent.amount.toFixed(2)],
    ['cu', 'INR'],
  ];
  return `upi://pay?${parts.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}

/**
 * UPI by intent: a QR on a desktop, a deeplink into the payer's UPI app on a phone. The order
 * stays Pending until the merchant confirms the payment by its UTR (`store orders paid`).
 */
export function upiProvider(): PaymentProvider {
  return {
    name: 'upi',
    fields: () => [],
    async start({ store, config, order, mobile }) {
      if (!config.upiVpa)
        throw new HttpError(400, 'UPI payment is not set up for this store yet. Please try again later.');
      const url = upiIntentUrl({
        pa: config.upiVpa,
        pn: config.upiPayee || store.store_name,
        tr: order.id,
        tn: `Order ${order.id}`,
        amount: toRupees(Number(order.total)),
      });
      return mobile
        ? { success: true, action: { type: 'deeplink', redirectUrl: url } }
        : { success: true, action: { type: 'qr', qr: url } };
    },
  };
}
