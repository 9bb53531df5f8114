import { z } from 'zod';
import { toRupees } from '../../../shared/money.js';
import type { PaymentProvider } from '../provider.js';
import { SETTING_RULES } from '../settings.js';

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

const UpiSettings = z.object({
  upiVpa: z
    .string({ error: 'UPI needs the UPI id that receives the money (--upi-vpa, or UPI_VPA for the default store).' })
    .pipe(SETTING_RULES.upiVpa),
  upiPayee: SETTING_RULES.upiPayee.optional(),
});

/**
 * UPI by intent: a QR on a desktop, a deeplink into the payer's UPI app on a phone. The order
 * stays Pending until the merchant confirms the payment by its UTR (`store orders paid`).
 */
export const upiProvider: PaymentProvider = {
  name: 'upi',
  description: 'your UPI id: a QR code or the UPI app; you confirm each payment by its UTR',
  test: false,
  settings: UpiSettings,
  fields: () => [],
  async start({ store, config, order, mobile }) {
    const settings = UpiSettings.parse(config);
    const url = upiIntentUrl({
      pa: settings.upiVpa,
      pn: settings.upiPayee || store.store_name,
      tr: order.id,
      tn: `Order ${order.id}`,
      amount: toRupees(Number(order.total)),
    });
    return mobile
      ? { success: true, action: { type: 'deeplink', redirectUrl: url } }
      : { success: true, action: { type: 'qr', qr: url } };
  },
};
