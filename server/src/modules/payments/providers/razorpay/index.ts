import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../../../http/errors.js';
import { escapeHtml, page } from '../../../../shared/html.js';
import { formatInr, toRupees } from '../../../../shared/money.js';
import { asPage, formFields } from '../../http.js';
import { providerRoute } from '../../paths.js';
import type {
  GatewayNotice,
  PaymentOutcome,
  PaymentProvider,
  ProviderSettings,
  SettingDeclaration,
} from '../../provider.js';
import { sameDigest } from '../../signatures.js';
import { PAYER_FIELDS } from '../payer-fields.js';
import { createRazorpayOrder, RAZORPAY_API_URL, type RazorpayCredentials, refundRazorpayPayment } from './api.js';
import { orderBinding, razorpayCheckoutSignature, razorpayWebhookSignature } from './signatures.js';

const NAME = 'razorpay';
const CHECKOUT = providerRoute(NAME, 'checkout');
const CALLBACK = providerRoute(NAME, 'callback');

/** Razorpay Checkout's script; RAZORPAY_CHECKOUT_URL (or the store's setting) replaces it, e.g. for a test server. */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** An https address, or plain http on this machine (a test server standing in for Razorpay). */
const GatewayUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            url.protocol === 'https:' || (url.protocol === 'http:' && /^(localhost|127\.0\.0\.1)$/.test(url.hostname))
          );
        } catch {
          return false;
        }
      },
      { error: `${what} must be an https:// address.` },
    );

const SETTINGS: SettingDeclaration[] = [
  {
    key: 'razorpayKeyId',
    label: 'Razorpay key id',
    help: 'your Razorpay key id (rzp_test_… or rzp_live_…)',
    hint: 'Dashboard → Account & Settings → API keys.',
    variable: 'RAZORPAY_KEY_ID',
    rule: z
      .string()
      .trim()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, { error: 'A Razorpay key id looks like rzp_live_AbCdEf123456.' }),
  },
  {
    key: 'razorpayKeySecret',
    label: 'Razorpay key secret',
    help: 'your Razorpay key secret (stored on the server only; never shown again)',
    secret: true,
    variable: 'RAZORPAY_KEY_SECRET',
    rule: z.string().trim().min(8, { error: 'A Razorpay key secret has at least 8 characters.' }).max(256),
  },
  {
    key: 'razorpayWebhookSecret',
    label: 'Razorpay webhook secret',
    help: 'the secret you gave Razorpay for its webhook (stored on the server only; never shown again)',
    hint: 'Point the webhook at /api/v1/payments/razorpay/webhook with payment.captured, order.paid and refund.processed.',
    secret: true,
    variable: 'RAZORPAY_WEBHOOK_SECRET',
    rule: z.string().trim().min(8, { error: 'A Razorpay webhook secret has at least 8 characters.' }).max(256),
  },
  {
    key: 'razorpayApiUrl',
    label: 'Razorpay API address',
    help: `Razorpay's API address (default ${RAZORPAY_API_URL}; set only for a test server)`,
    hint: 'Leave empty to use Razorpay.',
    input: 'url',
    variable: 'RAZORPAY_API_URL',
    unsetNote: () => RAZORPAY_API_URL,
    rule: GatewayUrl("Razorpay's API address"),
  },
  {
    key: 'razorpayCheckoutUrl',
    label: 'Razorpay Checkout script',
    help: `Razorpay Checkout's script (default ${RAZORPAY_CHECKOUT_URL}; set only for a test server)`,
    hint: 'Leave empty to use Razorpay.',
    input: 'url',
    variable: 'RAZORPAY_CHECKOUT_URL',
    unsetNote: () => RAZORPAY_CHECKOUT_URL,
    rule: GatewayUrl("Razorpay Checkout's script"),
  },
];

const RazorpaySettings = z
  .object({
    razorpayKeyId: z.string().optional(),
    razorpayKeySecret: z.string().optional(),
    razorpayWebhookSecret: z.string().optional(),
  })
  .refine((settings) => settings.razorpayKeyId && settings.razorpayKeySecret && settings.razorpayWebhookSecret, {
    error:
      'Razorpay needs its key id, key secret and webhook secret (--razorpay-key-id, --razorpay-key-secret, --razorpay-webhook-secret; or RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET for the default store).',
  });

function credentials(settings: ProviderSettings): RazorpayCredentials {
  if (!settings.razorpayKeyId || !settings.razorpayKeySecret) {
    throw new HttpError(400, 'Online payment is not set up for this store yet. Please try again later.');
  }
  return {
    keyId: settings.razorpayKeyId,
    keySecret: settings.razorpayKeySecret,
    apiUrl: settings.razorpayApiUrl || RAZORPAY_API_URL,
  };
}

const notGenuine = () => new HttpError(400, 'The payment response is not genuine.');
const PAISE = /^\d{1,12}$/;
/** The storefront posts `data[key]` fields. */
const field = (body: Record<string, string>, name: string) => body[`data[${name}]`] ?? body[name] ?? '';

/** The payer's browser, back from Razorpay Checkout: Razorpay's signature, then our own seal of whose order it is. */
export function verifyRazorpayCallback(settings: ProviderSettings, body: Record<string, string>): PaymentOutcome {
  const { keySecret } = credentials(settings);
  const paymentId = body.razorpay_payment_id ?? '';
  const razorpayOrderId = body.razorpay_order_id ?? '';
  const orderId = body.orderId ?? '';
  const amount = body.amount ?? '';
  if (!paymentId || !razorpayOrderId || !orderId || !PAISE.test(amount)) throw notGenuine();
  const paid = sameDigest(
    razorpayCheckoutSignature(keySecret, razorpayOrderId, paymentId),
    body.razorpay_signature ?? '',
  );
  const ours = sameDigest(orderBinding(keySecret, razorpayOrderId, orderId, amount), body.binding ?? '');
  if (!paid || !ours) throw notGenuine();
  return {
    orderId,
    reference: paymentId,
    amount: Number(amount),
    status: 'success',
    detail: { gateway: NAME, razorpayOrderId },
  };
}

interface PaymentEntity {
  id?: string;
  amount?: number;
  currency?: string;
  status?: string;
  order_id?: string;
  method?: string;
  error_description?: string | null;
  notes?: Record<string, string> | unknown[];
}

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: PaymentEntity };
    order?: { entity?: { id?: string; receipt?: string | null; notes?: Record<string, string> | unknown[] } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string } };
  };
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const noteOf = (notes: PaymentEntity['notes'], key: string) =>
  notes && !Array.isArray(notes) && typeof notes[key] === 'string' ? notes[key] : undefined;

/**
 * Razorpay's webhook: X-Razorpay-Signature over the exact body first, then the event. A payment is
 * known by Razorpay's payment id, whichever event tells of it (the callback, payment.captured,
 * order.paid): the first records it, the others are replays; a failure never undoes a capture.
 */
export function verifyRazorpayWebhook(
  settings: ProviderSettings,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): GatewayNotice {
  const secret = settings.razorpayWebhookSecret;
  if (!secret) throw new HttpError(400, 'This store takes no Razorpay webhooks yet.');
  const signature = headerOf(headers, 'x-razorpay-signature');
  if (!signature || !sameDigest(razorpayWebhookSignature(secret, rawBody), signature)) {
    throw new HttpError(400, "The webhook's signature is not genuine.");
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw new HttpError(400, 'The webhook is not JSON.');
  }
  const payment = event.payload?.payment?.entity;
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    const refund = event.payload?.refund?.entity;
    if (!refund?.id || !refund.payment_id) throw new HttpError(400, 'The refund event names no refund.');
    return {
      refund: {
        paymentReference: refund.payment_id,
        reference: refund.id,
        status: event.event === 'refund.processed' ? 'processed' : 'failed',
        amount: Number(refund.amount ?? 0),
      },
    };
  }
  const outcomeOf: Record<string, PaymentOutcome['status']> = {
    'payment.captured': 'success',
    'order.paid': 'success',
    'payment.failed': 'failed',
  };
  const status = event.event ? outcomeOf[event.event] : undefined;
  if (!status) return { ignored: `Razorpay's ${event.event ?? 'unnamed'} event changes nothing here.` };
  const orderId = noteOf(payment?.notes, 'order_id') ?? event.payload?.order?.entity?.receipt ?? undefined;
  if (!payment?.id || !orderId || typeof payment.amount !== 'number') {
    throw new HttpError(400, 'The payment event names no order of this shop.');
  }
  if (status === 'success' && payment.currency !== 'INR') throw new HttpError(400, 'The payment is not in rupees.');
  return {
    orderId,
    reference: payment.id,
    amount: payment.amount,
    status,
    ...(status === 'failed'
      ? { reason: (payment.error_description || 'The payment was not completed.').slice(0, 200) }
      : {}),
    detail: {
      gateway: NAME,
      razorpayOrderId: payment.order_id ?? '',
      method: payment.method ?? '',
      event: event.event ?? '',
      eventId: headerOf(headers, 'x-razorpay-event-id'),
    },
  };
}

/** The page that opens Razorpay Checkout over the order, and posts its answer to our callback. */
export function razorpayCheckoutPage(settings: ProviderSettings, body: Record<string, string>, storeName: string) {
  const { keySecret, keyId } = credentials(settings);
  const razorpayOrderId = field(body, 'razorpayOrderId');
  const orderId = field(body, 'orderId');
  const amount = field(body, 'amount');
  const binding = field(body, 'binding');
  if (!PAISE.test(amount) || !sameDigest(orderBinding(keySecret, razorpayOrderId, orderId, amount), binding)) {
    throw new HttpError(400, 'The payment request is not genuine.');
  }
  const options = {
    key: keyId,
    order_id: razorpayOrderId,
    amount: Number(amount),
    currency: 'INR',
    name: storeName,
    description: `Order ${orderId}`,
    prefill: { name: field(body, 'name'), email: field(body, 'email'), contact: field(body, 'contact') },
    notes: { order_id: orderId },
  };
  const scriptUrl = settings.razorpayCheckoutUrl || RAZORPAY_CHECKOUT_URL;
  const nonce = randomBytes(16).toString('base64');
  // JSON inside a script element: '<' escaped so no value can close it.
  const json = JSON.stringify(options).replace(/</g, '\\u003c');
  const html = page(
    'Pay with Razorpay',
    `<h1>${escapeHtml(storeName)}</h1><p>Order ${escapeHtml(orderId)}</p>
<p class="amount">${escapeHtml(formatInr(toRupees(Number(amount))))}</p>
<p id="razorpay-status" role="status">Opening Razorpay…</p>
<form id="razorpay-answer" method="post" action="${CALLBACK.url}">
<input type="hidden" name="orderId" value="${escapeHtml(orderId)}"><input type="hidden" name="amount" value="${escapeHtml(amount)}"><input type="hidden" name="binding" value="${escapeHtml(binding)}">
<input type="hidden" name="razorpay_payment_id"><input type="hidden" name="razorpay_order_id"><input type="hidden" name="razorpay_signature">
</form>
<div class="actions"><button type="button" id="razorpay-pay" class="approve">Pay ${escapeHtml(formatInr(toRupees(Number(amount))))}</button></div>
<p><a href="/orders">Back to my orders</a></p>
<script type="application/json" id="razorpay-options">${json}</script>`,
    `<script nonce="${nonce}" src="${escapeHtml(scriptUrl)}"></script><script nonce="${nonce}">(function(){
var status=document.getElementById('razorpay-status');
var form=document.getElementById('razorpay-answer');
function open(){
if(typeof Razorpay!=='function'){status.textContent='Razorpay could not be reached. Check your connection and press Pay.';return;}
var options=JSON.parse(document.getElementById('razorpay-options').textContent);
options.handler=function(answer){
['razorpay_payment_id','razorpay_order_id','razorpay_signature'].forEach(function(name){form.elements[name].value=answer[name]||'';});
status.textContent='Payment received, confirming…';form.submit();};
options.modal={ondismiss:function(){status.textContent='The payment was not completed. Press Pay to try again.';}};
status.textContent='Complete the payment in the Razorpay window.';
new Razorpay(options).open();}
document.getElementById('razorpay-pay').addEventListener('click',open);
open();})();</script>`,
  );
  const gateway = new URL(scriptUrl).origin;
  const api = new URL(settings.razorpayApiUrl || RAZORPAY_API_URL).origin;
  return {
    html,
    // Razorpay's script, its frames and calls (checkout and api hosts); the answer goes to our own callback.
    csp: `default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; script-src 'nonce-${nonce}' ${gateway}; frame-src ${gateway} ${api}; connect-src ${gateway} ${api}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  };
}

/**
 * Razorpay: an order made through its Orders API, paid in Razorpay Checkout on our own page, confirmed
 * by Checkout's signature and by its webhook (so a closed tab still pays the order); a cancelled paid
 * order is refunded through its Refunds API.
 */
export const razorpayProvider: PaymentProvider = {
  name: NAME,
  description: 'Razorpay Checkout (UPI, cards, net banking, wallets), confirmed by its signature and webhook',
  title: 'Razorpay',
  note: "Shoppers pay in Razorpay's checkout; Razorpay tells the shop when the money arrived, and refunds a cancelled paid order.",
  method: { title: 'UPI, cards, net banking or wallet', description: 'Pay securely in Razorpay Checkout.' },
  test: false,
  settings: { fields: SETTINGS, complete: RazorpaySettings },
  fields: () => PAYER_FIELDS,
  async start({ store, settings, order, user, fields, origin }) {
    const keys = credentials(settings);
    const amount = Number(order.total);
    const made = await createRazorpayOrder(keys, { id: order.id, amount });
    const amountText = String(amount);
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
            key: keys.keyId,
            razorpayOrderId: made.id,
            orderId: order.id,
            amount: amountText,
            name: (fields.fullName ?? `${user.first_name} ${user.last_name}`).trim().slice(0, 60),
            email: (fields.email ?? user.email ?? '').trim(),
            contact: (fields.phone ?? order.phone).replace(/[^\d+]/g, ''),
            store: store.store_name,
            binding: orderBinding(keys.keySecret, made.id, order.id, amountText),
          },
        },
      },
    };
  },
  verifyCallback: (request, settings) => verifyRazorpayCallback(settings, request.fields),
  verifyWebhook: (request, settings) =>
    verifyRazorpayWebhook(settings, request.rawBody ?? Buffer.alloc(0), request.headers),
  // Real money may arrive after the merchant switched providers: a verified answer is still recorded.
  answersAfterSwitch: true,
  pages: [
    {
      path: 'checkout',
      description:
        "The page that opens Razorpay Checkout for an order (the start of payment's fields, posted as data[key]).",
      handle: (request, reply, kit) =>
        asPage(reply, () => {
          const { html, csp } = razorpayCheckoutPage(
            kit.settingsFor(request),
            formFields(request.body),
            request.store.store_name || request.store.company_name,
          );
          reply.header('content-security-policy', csp);
          return html;
        }),
    },
  ],
  confirmation: {
    gateway: true,
    lostAnswer: {
      kind: NAME,
      label: 'Razorpay payment id',
      pattern: /^pay_[A-Za-z0-9]{6,40}$/,
      numeric: false,
      message: 'A Razorpay payment id looks like pay_29QQoUBi66xm2f.',
      help: 'Razorpay took the payment: enter its payment id (pay_…). The order becomes Processing.',
    },
  },
  async refund(payment, amount, settings, idempotencyKey) {
    const refund = await refundRazorpayPayment(credentials(settings), {
      paymentId: payment.reference,
      amount,
      idempotencyKey,
      orderId: payment.order_id,
    });
    return { reference: refund.id, status: refund.status === 'processed' ? 'processed' : 'started' };
  },
};
