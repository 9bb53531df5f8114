import { randomBytes } from 'node:crypto';
import { HttpError } from '../../../http/errors.js';
import { toPaise, toRupees } from '../../../http/money.js';
import { escapeHtml, hiddenInputs, page } from '../pages.js';
import type { PaymentConfig, PaymentOutcome, PaymentProvider } from '../provider.js';
import { hmacSha256, sameDigest } from '../signatures.js';
import { PAYER_FIELDS } from './shared-fields.js';

export const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';
export const SANDBOX_CALLBACK_PATH = '/api/v1/payments/sandbox/callback';

/** The checkout request and the callback are signed over different values, so one cannot pass for the other. */
export const checkoutSignature = (secret: string, orderId: string, reference: string, amount: string) =>
  hmacSha256(secret, ['checkout', orderId, reference, amount]);
export const callbackSignature = (secret: string, orderId: string, reference: string, amount: string, status: string) =>
  hmacSha256(secret, ['callback', orderId, reference, amount, status]);

const AMOUNT = /^\d{1,9}\.\d{2}$/;
const invalid = () => new HttpError(400, 'The payment request is not genuine.');

/** The storefront posts `data[key]` fields; a gateway might post plain ones. */
const field = (body: Record<string, string>, name: string) => body[`data[${name}]`] ?? body[name] ?? '';

/**
 * A gateway played by our own server, for the demo store and tests: a hosted checkout page
 * where the payer approves or declines, and a signed callback verified like a real one.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    fields: () => PAYER_FIELDS,
    async start({ config, order, origin }) {
      const reference = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
      const amount = toRupees(Number(order.total)).toFixed(2);
      const url = `${origin}${SANDBOX_CHECKOUT_PATH}`;
      return {
        success: true,
        action: {
          type: 'redirect_post',
          redirectUrl: url,
          formParams: {
            type: 'sandbox',
            url,
            data: {
              orderId: order.id,
              reference,
              amount,
              signature: checkoutSignature(config.sandboxSecret, order.id, reference, amount),
            },
          },
        },
      };
    },
    verifyCallback(config: PaymentConfig, body: Record<string, string>): PaymentOutcome {
      const { orderId = '', reference = '', amount = '', status = '', signature = '' } = body;
      if (!AMOUNT.test(amount) || (status !== 'success' && status !== 'failed')) throw invalid();
      if (!sameDigest(callbackSignature(config.sandboxSecret, orderId, reference, amount, status), signature))
        throw invalid();
      return { orderId, reference, amount: toPaise(Number(amount)), status, detail: { gateway: 'sandbox' } };
    },
  };
}

/** The sandbox's checkout page: the amount, and Approve / Decline buttons that post signed callbacks. */
export function sandboxCheckoutPage(
  config: PaymentConfig,
  body: Record<string, string>,
  storeName: string,
  formatAmount: (rupees: number) => string,
): string {
  const orderId = field(body, 'orderId');
  const reference = field(body, 'reference');
  const amount = field(body, 'amount');
  if (
    !AMOUNT.test(amount) ||
    !sameDigest(checkoutSignature(config.sandboxSecret, orderId, reference, amount), field(body, 'signature'))
  ) {
    throw invalid();
  }
  const decision = (status: 'success' | 'failed', label: string, className: string) =>
    `<form method="post" action="${SANDBOX_CALLBACK_PATH}">${hiddenInputs({
      orderId,
      reference,
      amount,
      status,
      signature: callbackSignature(config.sandboxSecret, orderId, reference, amount, status),
    })}<button type="submit" class="${className}">${label}</button></form>`;
  return page(
    'Sandbox payment',
    `<span class="badge">Sandbox gateway: no real money moves</span>
<h1>${escapeHtml(storeName)}</h1><p>Order ${escapeHtml(orderId)}</p>
<p class="amount">${escapeHtml(formatAmount(Number(amount)))}</p>
<p>Approve to pay this order, or decline to leave it unpaid.</p>
<div class="actions">${decision('failed', 'Decline', 'decline')}${decision('success', 'Approve', 'approve')}</div>`,
  );
}
