import { createHmac, randomBytes } from 'node:crypto';
import type { PaymentField } from '@store/contract';
import { toRupees } from '../../../http/money.js';
import { type PaymentProvider, paymentConfigOf } from '../provider.js';

export const SANDBOX_CHECKOUT_PATH = '/api/v1/payments/sandbox/checkout';

/** Signs the sandbox's messages (HMAC-SHA256 over the fields in a fixed order). */
export function sandboxSignature(secret: string, values: string[]): string {
  return createHmac('sha256', secret).update(values.join('|')).digest('hex');
}

const FIELDS: PaymentField[] = [
  {
    name: 'fullName',
    label: 'Name of the payer',
    placeholder: 'As on your bank account',
    type: 'text',
    rules: { required: true, minLength: 2, maxLength: 80 },
    rulesMessages: ['Please enter the payer name'],
  },
  {
    name: 'email',
    label: 'Email for the receipt',
    placeholder: 'you@example.com',
    type: 'email',
    inline: true,
    rules: { required: true },
    rulesMessages: ['Please enter an email for the receipt'],
  },
  {
    name: 'phone',
    label: 'Mobile number',
    type: 'tel',
    inline: true,
    rules: { required: true, minLength: 13, maxLength: 13 },
    rulesMessages: ['Please enter your mobile number'],
  },
];

/**
 * A gateway played by our own server, for the demo store and tests: it answers like a hosted
 * checkout (redirect_post to its own page), and its callback is signed like a real one.
 */
export function sandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    fields: () => FIELDS,
    async start({ store, order, origin }) {
      const secret = paymentConfigOf(store).sandboxSecret;
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
              signature: sandboxSignature(secret, [order.id, reference, amount]),
            },
          },
        },
      };
    },
  };
}
