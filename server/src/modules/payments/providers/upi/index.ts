import { z } from 'zod';
import { toRupees } from '../../../../shared/money.js';
import type { HandReference, PaymentProvider, SettingDeclaration } from '../../provider.js';

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

/** A UPI id: a handle, '@', the bank's or app's code (NPCI: letters, digits, '.', '-', '_'). */
const Vpa = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/, { error: 'A UPI id looks like netkart@okaxis.' });
const Payee = z.string().trim().min(1).max(100, { error: 'The payee name must be at most 100 characters.' });

const SETTINGS: SettingDeclaration[] = [
  {
    key: 'upiVpa',
    label: 'UPI id',
    help: 'the UPI id that receives payments, e.g. netkart@okaxis',
    hint: 'Like netkart@okaxis.',
    variable: 'UPI_VPA',
    rule: Vpa,
  },
  {
    key: 'upiPayee',
    label: 'Payee name',
    help: 'the name payers see in their UPI app (default: the store name)',
    variable: 'UPI_PAYEE',
    unsetNote: (store) => `payers see ${store.store_name}`,
    rule: Payee,
  },
];

const UpiSettings = z.object({
  upiVpa: z
    .string({ error: 'UPI needs the UPI id that receives the money (--upi-vpa, or UPI_VPA for the default store).' })
    .pipe(Vpa),
  upiPayee: Payee.optional(),
});

/** NPCI's Unique Transaction Reference of a UPI transfer: 12 digits, as the payer's bank shows it. */
export const UTR_REFERENCE: HandReference = {
  kind: 'utr',
  label: 'UPI UTR (12 digits)',
  pattern: /^\d{12}$/,
  numeric: true,
  message: "A UTR is the 12 digits of the UPI transfer's reference.",
  help: 'The money arrived by UPI: enter the UTR from your bank statement. The order becomes Processing.',
};

/**
 * UPI by intent: a QR on a desktop, a deeplink into the payer's UPI app on a phone. The order
 * stays Pending until the merchant confirms the payment by its UTR (`store orders paid`).
 */
export const upiProvider: PaymentProvider = {
  name: 'upi',
  description: 'your UPI id: a QR code or the UPI app; you confirm each payment by its UTR',
  title: 'UPI transfer to your UPI id',
  note: 'Shoppers pay by UPI to your UPI id; you confirm each payment by its UTR from your bank statement.',
  method: { title: 'UPI', description: 'Scan a QR code or open your UPI app, then give us the UTR.' },
  test: false,
  settings: { fields: SETTINGS, complete: UpiSettings },
  fields: () => [],
  async start({ store, settings: stored, order, mobile }) {
    const settings = UpiSettings.parse(stored);
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
  confirmation: {
    byHand: {
      reference: UTR_REFERENCE,
      howToPay:
        'Pay by UPI from My Orders → Pay Now, and keep the UTR (transaction reference) your UPI app shows: we confirm your payment by it.',
      nextStep: (orderId) =>
        `Next: when the UPI payment arrives, confirm it by its UTR (npm run store -- orders paid ${orderId} --utr <UTR>, or the back office); then pack the order.`,
    },
  },
  refund: 'by-hand',
};
