import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../../http/errors.js';
import { apiRoute } from '../../../http/paths.js';
import { notJson, redirect } from '../../../http/wire.js';
import { escapeHtml, page } from '../../../shared/html.js';
import { toPaise, toRupees } from '../../../shared/money.js';
import { asPage, formFields } from '../http.js';
import { hiddenInputs } from '../pages.js';
import type { PaymentOutcome, PaymentProvider } from '../provider.js';
import { type PaymentConfig, SETTING_RULES } from '../settings.js';
import { sameDigest, sha512 } from '../signatures.js';
import { PAYER_FIELDS } from './shared-fields.js';

const RELAY = apiRoute('/payments/payu/redirect');
const CALLBACK = apiRoute('/payments/payu/callback');

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

const PayuSettings = z
  .object({
    payuKey: SETTING_RULES.payuKey.optional(),
    payuSalt: SETTING_RULES.payuSalt.optional(),
    payuUrl: SETTING_RULES.payuUrl.optional(),
  })
  .refine((settings) => settings.payuKey && settings.payuSalt && settings.payuUrl, {
    error:
      'PayU needs its key, salt and address (--payu-key, --payu-salt, --payu-url; or PAYU_KEY, PAYU_SALT, PAYU_URL for the default store).',
  });

function credentials(config: PaymentConfig) {
  if (!config.payuKey || !config.payuSalt || !config.payuUrl) {
    throw new HttpError(400, 'Online payment is not set up for this store yet. Please try again later.');
  }
  return { key: config.payuKey, salt: config.payuSalt, url: config.payuUrl };
}

/** PayU's callback, checked by its reverse hash before anything is read from it. */
export function verifyPayuCallback(config: PaymentConfig, body: Record<string, string>): PaymentOutcome {
  const { salt, key } = credentials(config);
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
    detail: { gateway: 'payu', mihpayid: body.mihpayid ?? '', mode: body.mode ?? '', status: body.status ?? '' },
  };
}

/** A PayU-style hosted checkout: the payer is sent to the gateway with a hashed request; its callback is hash-checked. */
export const payuProvider: PaymentProvider = {
  name: 'payu',
  description: "PayU's hosted checkout (cards, UPI, net banking), confirmed by its signed callback",
  test: false,
  settings: PayuSettings,
  fields: () => PAYER_FIELDS,
  async start({ config, order, user, fields, origin }) {
    const { key, salt, url } = credentials(config);
    const request: PayuRequest = {
      key,
      // PayU allows 25 characters: the order id and a random suffix, so each attempt is unique.
      txnid: `${order.id}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 25),
      amount: toRupees(Number(order.total)).toFixed(2),
      productinfo: `Order ${order.id}`,
      firstname: (fields.fullName ?? `${user.first_name} ${user.last_name}`).trim().slice(0, 60),
      email: (fields.email ?? user.email).trim(),
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
        formParams: { type: 'payu', url, data },
      },
    };
  },
  routes(app, kit) {
    // The storefront posts PayU's fields as data[key]; this page hands them to the gateway under their own names.
    const relay = {
      description: "A page that posts the start of payment's fields (sent as data[key]) on to PayU's hosted checkout.",
      consumes: ['application/x-www-form-urlencoded'],
      response: {
        200: notJson('text/html', 'The self-posting form'),
        '4xx': notJson('text/html', 'Why it cannot go on'),
      },
    };
    app.post(RELAY.route, { schema: relay }, async (request, reply) => {
      const body = formFields(request.body);
      const gateway = kit.settingsFor(request).payuUrl;
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
    });

    // Real money may arrive after the merchant switched providers: a verified callback is still recorded.
    const callback = {
      description: "PayU's answer (surl/furl), posted as an HTML form and checked by its hash.",
      consumes: ['application/x-www-form-urlencoded'],
      response: {
        303: redirect("To the storefront's page of the payment's outcome"),
        '4xx': notJson('text/html', 'Why it was refused'),
      },
    };
    app.post(CALLBACK.route, { schema: callback }, async (request, reply) => {
      let outcome: PaymentOutcome;
      try {
        outcome = verifyPayuCallback(kit.settingsFor(request, { evenIfSwitched: true }), formFields(request.body));
      } catch (error) {
        return asPage(reply, () => {
          throw error;
        });
      }
      return kit.finish(request, reply, outcome);
    });
  },
};
