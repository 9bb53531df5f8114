import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../../../http/errors.js';
import { escapeHtml, page } from '../../../../shared/html.js';
import { toPaise, toRupees } from '../../../../shared/money.js';
import { asPage, formFields } from '../../http.js';
import { hiddenInputs } from '../../pages.js';
import { providerRoute } from '../../paths.js';
import type { PaymentOutcome, PaymentProvider, ProviderSettings, SettingDeclaration } from '../../provider.js';
import { sameDigest, sha512 } from '../../signatures.js';
import { PAYER_FIELDS } from '../payer-fields.js';

const NAME = 'payu';
const RELAY = providerRoute(NAME, 'redirect');
const CALLBACK = providerRoute(NAME, 'callback');

export interface PayuRequest {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

const udfs = (fields: Partial<Record<'udf1' | 'udf2' | 'udf3' | 'udf4' | 'udf5', string>>) =>
  [fields.udf1, fields.udf2, fields.udf3, fields.udf4, fields.udf5].map((value) => value ?? '');

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT). */
export function payuRequestHash(request: PayuRequest, salt: string): string {
  const { key, txnid, amount, productinfo, firstname, email } = request;
  return sha512(
    [key, txnid, amount, productinfo, firstname, email, ...udfs(request), '', '', '', '', '', salt].join('|'),
  );
}

/** sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key). */
export function payuResponseHash(response: Record<string, string>, salt: string): string {
  const values = [
    salt,
    response.status ?? '',
    '',
    '',
    '',
    '',
    '',
    ...udfs(response).reverse(),
    response.email ?? '',
    response.firstname ?? '',
    response.productinfo ?? '',
    response.amount ?? '',
    response.txnid ?? '',
    response.key ?? '',
  ];
  const charges = response.additionalCharges;
  return sha512([...(charges ? [charges] : []), ...values].join('|'));
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

const SETTINGS: SettingDeclaration[] = [
  {
    key: 'payuKey',
    label: 'PayU key',
    help: 'your PayU merchant key',
    variable: 'PAYU_KEY',
    rule: z
      .string()
      .trim()
      .regex(/^\w{4,64}$/, { error: 'A PayU key is 4 to 64 letters and digits.' }),
  },
  {
    key: 'payuSalt',
    label: 'PayU salt',
    help: 'your PayU salt (stored on the server only; never shown again)',
    secret: true,
    variable: 'PAYU_SALT',
    rule: z.string().trim().min(8, { error: 'A PayU salt has at least 8 characters.' }).max(256),
  },
  {
    key: 'payuUrl',
    label: 'PayU URL',
    help: "PayU's _payment address, e.g. https://secure.payu.in/_payment",
    hint: 'Test: https://test.payu.in/_payment · Live: https://secure.payu.in/_payment',
    input: 'url',
    variable: 'PAYU_URL',
    rule: z.url({
      protocol: /^https$/,
      error: "PayU's address must be an https:// URL, like https://test.payu.in/_payment.",
    }),
  },
];

const PayuSettings = z
  .object({ payuKey: z.string().optional(), payuSalt: z.string().optional(), payuUrl: z.string().optional() })
  .refine((settings) => settings.payuKey && settings.payuSalt && settings.payuUrl, {
    error:
      'PayU needs its key, salt and address (--payu-key, --payu-salt, --payu-url; or PAYU_KEY, PAYU_SALT, PAYU_URL for the default store).',
  });

function credentials(settings: ProviderSettings) {
  if (!settings.payuKey || !settings.payuSalt || !settings.payuUrl) {
    throw new HttpError(400, 'Online payment is not set up for this store yet. Please try again later.');
  }
  return { key: settings.payuKey, salt: settings.payuSalt, url: settings.payuUrl };
}

/** PayU's callback, checked by its reverse hash before anything is read from it. */
export function verifyPayuCallback(settings: ProviderSettings, body: Record<string, string>): PaymentOutcome {
  const { salt, key } = credentials(settings);
  const genuine = body.key === key && sameDigest(payuResponseHash(body, salt), body.hash ?? '');
  if (!genuine || !AMOUNT.test(body.amount ?? '') || !body.txnid || !body.udf1) {
    throw new HttpError(400, 'The payment response is not genuine.');
  }
  const status = body.status === 'success' ? 'success' : body.status === 'pending' ? 'pending' : 'failed';
  const reason = (body.error_Message || body.field9 || '').trim().slice(0, 200);
  return {
    orderId: body.udf1,
    reference: body.txnid,
    amount: toPaise(Number(body.amount)),
    status,
    ...(status === 'failed' ? { reason: reason || 'The payment was not completed.' } : {}),
    detail: { gateway: NAME, mihpayid: body.mihpayid ?? '', mode: body.mode ?? '', status: body.status ?? '' },
  };
}

/** A PayU-style hosted checkout: the payer is sent to the gateway with a hashed request; its callback is hash-checked. */
export const payuProvider: PaymentProvider = {
  name: NAME,
  description: "PayU's hosted checkout (cards, UPI, net banking), confirmed by its signed callback",
  title: 'PayU',
  note: "Shoppers pay on PayU's page; PayU tells the shop when the money arrived.",
  method: { title: 'UPI, cards or net banking', description: 'Pay securely on PayU’s page.' },
  test: false,
  settings: { fields: SETTINGS, complete: PayuSettings },
  fields: () => PAYER_FIELDS,
  async start({ settings, order, user, fields, origin }) {
    const { key, salt, url } = credentials(settings);
    const request: PayuRequest = {
      key,
      // PayU allows 25 characters: the order id and a random suffix, so each attempt is unique.
      txnid: `${order.id}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 25),
      amount: toRupees(Number(order.total)).toFixed(2),
      productinfo: `Order ${order.id}`,
      firstname: (fields.fullName ?? `${user.first_name} ${user.last_name}`).trim().slice(0, 60),
      email: (fields.email ?? user.email ?? '').trim(),
      udf1: order.id,
    };
    const data = {
      ...request,
      phone: (fields.phone ?? order.phone).replace(/[^\d+]/g, ''),
      surl: `${origin}${CALLBACK.url}`,
      furl: `${origin}${CALLBACK.url}`,
      hash: payuRequestHash(request, salt),
    } as Record<string, string>;
    // The storefront posts `data[key]` fields; our relay page turns them into the gateway's own form.
    return {
      success: true,
      action: {
        type: 'redirect_post',
        redirectUrl: `${origin}${RELAY.url}`,
        formParams: { type: NAME, url, data },
      },
    };
  },
  verifyCallback: (request, settings) => verifyPayuCallback(settings, request.fields),
  // Real money may arrive after the merchant switched providers: a verified callback is still recorded.
  answersAfterSwitch: true,
  // PayU's hosted checkout receives the payer's form.
  formActions: ['https://*.payu.in'],
  pages: [
    {
      path: 'redirect',
      description: "A page that posts the start of payment's fields (sent as data[key]) on to PayU's hosted checkout.",
      // The storefront posts PayU's fields as data[key]; this page hands them to the gateway under their own names.
      handle: (request, reply, kit) => relay(request.body, kit.settingsFor(request), reply),
    },
  ],
  confirmation: {
    gateway: true,
    lostAnswer: {
      kind: NAME,
      label: 'PayU payment id',
      pattern: /^[A-Za-z0-9_-]{4,40}$/,
      numeric: false,
      message: 'A PayU payment id is 4 to 40 letters, digits, dashes or underscores.',
      help: 'PayU took the payment: enter its payment id. The order becomes Processing.',
    },
  },
  refund: 'by-hand',
};

function relay(posted: unknown, settings: ProviderSettings, reply: FastifyReply) {
  const body = formFields(posted);
  const gateway = settings.payuUrl;
  if (!gateway || body.url !== gateway) throw new HttpError(400, 'This payment cannot be sent to that address.');
  const data = Object.fromEntries(
    Object.entries(body)
      .map(([name, value]) => [/^data\[(\w+)\]$/.exec(name)?.[1], value] as const)
      .filter((entry): entry is [string, string] => entry[0] !== undefined),
  );
  const nonce = randomBytes(16).toString('base64');
  reply.header(
    'content-security-policy',
    `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${new URL(gateway).origin}; base-uri 'none'; frame-ancestors 'none'`,
  );
  return asPage(reply, () =>
    page(
      'Redirecting to payment',
      `<h1>Taking you to the payment page…</h1><p>If nothing happens, press the button.</p><form id="gateway" method="post" action="${escapeHtml(gateway)}">${hiddenInputs(data)}<button type="submit" class="primary">Continue to payment</button></form>`,
      `<script nonce="${nonce}">document.getElementById('gateway').submit()</script>`,
    ),
  );
}
