import { randomBytes } from 'node:crypto';
import { HttpError } from '../../../http/errors.js';
import { toPaise, toRupees } from '../../../http/money.js';
import type { PaymentConfig, PaymentOutcome, PaymentProvider } from '../provider.js';
import { sameDigest, sha512 } from '../signatures.js';
import { PAYER_FIELDS } from './shared-fields.js';

export const PAYU_RELAY_PATH = '/api/v1/payments/payu/redirect';
export const PAYU_CALLBACK_PATH = '/api/v1/payments/payu/callback';

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

function credentials(config: PaymentConfig) {
  if (!config.payuKey || !config.payuSalt || !config.payuUrl) {
    throw new HttpError(400, 'Online payment is not set up for this store yet. Please try again later.');
  }
  return { key: config.payuKey, salt: config.payuSalt, url: config.payuUrl };
}

/** A PayU-style hosted checkout: the payer is sent to the gateway with a hashed request; its callback is hash-checked. */
export function payuProvider(): PaymentProvider {
  return {
    name: 'payu',
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
        surl: `${origin}${PAYU_CALLBACK_PATH}`,
        furl: `${origin}${PAYU_CALLBACK_PATH}`,
        hash: payuRequestHash(request, salt),
      } as Record<string, string>;
      // The storefront posts `data[key]` fields; our relay page turns them into the gateway's own form.
      return {
        success: true,
        action: {
          type: 'redirect_post',
          redirectUrl: `${origin}${PAYU_RELAY_PATH}`,
          formParams: { type: 'payu', url, data },
        },
      };
    },
    verifyCallback(config: PaymentConfig, body: Record<string, string>): PaymentOutcome {
      const { salt, key } = credentials(config);
      const genuine = body.key === key && sameDigest(payuResponseHash(body, salt), body.hash ?? '');
      if (!genuine || !AMOUNT.test(body.amount ?? '') || !body.txnid || !body.udf1) {
        throw new HttpError(400, 'The payment response is not genuine.');
      }
      return {
        orderId: body.udf1,
        reference: body.txnid,
        amount: toPaise(Number(body.amount)),
        status: body.status === 'success' ? 'success' : 'failed',
        detail: { gateway: 'payu', mihpayid: body.mihpayid ?? '', mode: body.mode ?? '', status: body.status ?? '' },
      };
    },
  };
}
