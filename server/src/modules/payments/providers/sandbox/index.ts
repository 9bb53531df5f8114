import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../../../http/errors.js';
import { escapeHtml, page } from '../../../../shared/html.js';
import { formatInr, toPaise, toRupees } from '../../../../shared/money.js';
import { asPage, formFields } from '../../http.js';
import { hiddenInputs } from '../../pages.js';
import { providerRoute } from '../../paths.js';
import type { PaymentOutcome, PaymentProvider, ProviderSettings } from '../../provider.js';
import { hmacSha256, sameDigest } from '../../signatures.js';
import { PAYER_FIELDS } from '../payer-fields.js';

const NAME = 'sandbox';
const CHECKOUT = providerRoute(NAME, 'checkout');
const CALLBACK = providerRoute(NAME, 'callback');

/** A kept checkout or approval form stops working after this long, like a real gateway's session. */
export const SANDBOX_FORM_LIFETIME_MS = 30 * 60_000;

/** The checkout request and the callback are signed over different values, so one cannot pass for the other. */
export const checkoutSignature = (
  secret: string,
  orderId: string,
  reference: string,
  amount: string,
  issuedAt: string,
) => hmacSha256(secret, ['checkout', orderId, reference, amount, issuedAt]);
export const callbackSignature = (
  secret: string,
  orderId: string,
  reference: string,
  amount: string,
  status: string,
  issuedAt: string,
) => hmacSha256(secret, ['callback', orderId, reference, amount, status, issuedAt]);

const AMOUNT = /^\d{1,9}\.\d{2}$/;
const invalid = () => new HttpError(400, 'The payment request is not genuine.');
const expired = () => new HttpError(400, 'This payment page has expired. Please go back to your order and pay again.');

/** The storefront posts `data[key]` fields; a gateway might post plain ones. */
const field = (body: Record<string, string>, name: string) => body[`data[${name}]`] ?? body[name] ?? '';

function secretOf(settings: ProviderSettings): string {
  if (!settings.sandboxSecret) throw new HttpError(404, 'Not found.');
  return settings.sandboxSecret;
}

/** Its signing key, made when a store is created (and kept when the merchant switches providers). */
export const newSandboxSettings = (): ProviderSettings => ({ sandboxSecret: randomBytes(32).toString('hex') });

/** Refuses a form older than its lifetime (or dated in the future). */
function assertFresh(issuedAt: string, now = Date.now()): void {
  const at = Number(issuedAt);
  if (!/^\d{10,14}$/.test(issuedAt) || at > now + 60_000) throw invalid();
  if (now - at > SANDBOX_FORM_LIFETIME_MS) throw expired();
}

/** Reads a callback: its signature over every value, then its age. */
export function verifySandboxCallback(
  settings: ProviderSettings,
  body: Record<string, string>,
  now = Date.now(),
): PaymentOutcome {
  const { orderId = '', reference = '', amount = '', status = '', signature = '', issuedAt = '' } = body;
  if (!AMOUNT.test(amount) || (status !== 'success' && status !== 'failed')) throw invalid();
  if (!sameDigest(callbackSignature(secretOf(settings), orderId, reference, amount, status, issuedAt), signature))
    throw invalid();
  assertFresh(issuedAt, now);
  return {
    orderId,
    reference,
    amount: toPaise(Number(amount)),
    status,
    ...(status === 'failed' ? { reason: 'The payment was declined on the test gateway.' } : {}),
    detail: { gateway: 'sandbox' },
  };
}

/** The sandbox's checkout page: the amount, and Approve / Decline buttons that post signed callbacks. */
export function sandboxCheckoutPage(
  settings: ProviderSettings,
  body: Record<string, string>,
  storeName: string,
  now = Date.now(),
): string {
  const orderId = field(body, 'orderId');
  const reference = field(body, 'reference');
  const amount = field(body, 'amount');
  const issuedAt = field(body, 'issuedAt');
  const secret = secretOf(settings);
  if (
    !AMOUNT.test(amount) ||
    !sameDigest(checkoutSignature(secret, orderId, reference, amount, issuedAt), field(body, 'signature'))
  ) {
    throw invalid();
  }
  assertFresh(issuedAt, now);
  const decision = (status: 'success' | 'failed', label: string, className: string) =>
    `<form method="post" action="${CALLBACK.url}">${hiddenInputs({
      orderId,
      reference,
      amount,
      status,
      issuedAt,
      signature: callbackSignature(secret, orderId, reference, amount, status, issuedAt),
    })}<button type="submit" class="${className}">${label}</button></form>`;
  return page(
    'Sandbox payment',
    `<span class="badge">Sandbox gateway: no real money moves</span>
<h1>${escapeHtml(storeName)}</h1><p>Order ${escapeHtml(orderId)}</p>
<p class="amount">${escapeHtml(formatInr(Number(amount)))}</p>
<p>Approve to pay this order, or decline to leave it unpaid.</p>
<div class="actions">${decision('failed', 'Decline', 'decline')}${decision('success', 'Approve', 'approve')}</div>`,
  );
}

/**
 * A gateway played by our own server, for the demo store and for trying the shop: a hosted
 * checkout page where the payer approves or declines, and a signed callback verified like a real
 * one. Only a store that runs the sandbox reaches its pages; its forms expire after 30 minutes.
 */
export const sandboxProvider: PaymentProvider = {
  name: NAME,
  description: 'a test gateway served by this shop: no real money moves',
  title: 'Sandbox (test payments only)',
  note: 'The sandbox is for testing only: no real money moves, every page of the shop says so, and its orders are left out of the figures.',
  method: { title: 'Test payment', description: 'The sandbox gateway: approve or decline, no real money moves.' },
  test: true,
  settings: {
    fields: [],
    kept: ['sandboxSecret'],
    initial: newSandboxSettings,
    complete: z.object({ sandboxSecret: z.string().min(32) }),
  },
  fields: () => PAYER_FIELDS,
  async start({ settings, order, origin }) {
    const reference = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
    const amount = toRupees(Number(order.total)).toFixed(2);
    const issuedAt = String(Date.now());
    const url = `${origin}${CHECKOUT.url}`;
    return {
      success: true,
      action: {
        type: 'redirect_post',
        redirectUrl: url,
        formParams: {
          type: NAME,
          url,
          data: {
            orderId: order.id,
            reference,
            amount,
            issuedAt,
            signature: checkoutSignature(secretOf(settings), order.id, reference, amount, issuedAt),
          },
        },
      },
    };
  },
  verifyCallback: (request, settings) => verifySandboxCallback(settings, request.fields),
  pages: [
    {
      path: 'checkout',
      description:
        "The sandbox gateway's checkout page, posted as an HTML form by the storefront (the start of payment's fields).",
      handle: (request, reply, kit) =>
        asPage(reply, () =>
          sandboxCheckoutPage(
            kit.settingsFor(request),
            formFields(request.body),
            request.store.store_name || request.store.company_name,
          ),
        ),
    },
  ],
  confirmation: { gateway: true },
  refund: 'by-hand',
};
