import { describe, expect, it } from 'vitest';
import { payuRequestHash, payuResponseHash } from '../src/modules/payments/providers/payu/index.js';
import { callbackSignature, checkoutSignature } from '../src/modules/payments/providers/sandbox/index.js';
import { upiIntentUrl } from '../src/modules/payments/providers/upi/index.js';

const VECTOR = {
  key: 'C0Dr8m',
  txnid: '12345',
  amount: '10',
  productinfo: 'Shopping',
  firstname: 'Test',
  email: 'test@test.com',
  udf2: 'abc',
  udf4: '15',
};
const SALT = '3sf0jURk';

describe('PayU hashes', () => {
  it('matches the published request vector', () => {
    expect(payuRequestHash(VECTOR, SALT)).toBe(
      'ffcdbf04fa5beefdcc2dd476c18bc410f02b3968e7f4f54e8f43f1e1a310bb32e3b4dec9305232bb89db5b1d0c009a53bcace6f4bd8ec2f695baf3d43ba730ce',
    );
  });

  it.each([
    ['amount', '11'],
    ['txnid', '12346'],
    ['email', 'other@test.com'],
    ['udf2', 'abd'],
  ])('changes when %s is tampered with', (field, value) => {
    expect(payuRequestHash({ ...VECTOR, [field]: value }, SALT)).not.toBe(payuRequestHash(VECTOR, SALT));
  });

  it('reverses the order for the response hash, with additional charges in front when present', () => {
    const response = { ...VECTOR, status: 'success' };
    const plain = payuResponseHash(response, SALT);
    expect(plain).toMatch(/^[0-9a-f]{128}$/);
    expect(plain).not.toBe(payuRequestHash(VECTOR, SALT));
    expect(payuResponseHash({ ...response, status: 'failure' }, SALT)).not.toBe(plain);
    expect(payuResponseHash({ ...response, additionalCharges: '5.00' }, SALT)).not.toBe(plain);
  });
});

describe('sandbox signatures', () => {
  it('differ between the checkout request and the callback, and with every value', () => {
    const at = '1795000000000';
    const checkout = checkoutSignature('s3cret', 'ORDER1', 'SBX1', '10.00', at);
    expect(checkout).toMatch(/^[0-9a-f]{64}$/);
    expect(callbackSignature('s3cret', 'ORDER1', 'SBX1', '10.00', 'success', at)).not.toBe(checkout);
    expect(checkoutSignature('s3cret', 'ORDER1', 'SBX1', '10.01', at)).not.toBe(checkout);
    expect(checkoutSignature('s3cret', 'ORDER1', 'SBX1', '10.00', '1795000000001')).not.toBe(checkout);
    expect(checkoutSignature('other', 'ORDER1', 'SBX1', '10.00', at)).not.toBe(checkout);
  });
});

describe('UPI intent', () => {
  it('builds the NPCI upi://pay text with every value percent-encoded', () => {
    expect(
      upiIntentUrl({
        pa: 'netkart@okaxis',
        pn: 'NetKart Technologies',
        tr: 'ABC234',
        tn: 'Order ABC234',
        amount: 1499.5,
      }),
    ).toBe('upi://pay?pa=netkart%40okaxis&pn=NetKart%20Technologies&tr=ABC234&tn=Order%20ABC234&am=1499.50&cu=INR');
  });

  it('keeps reserved characters from breaking the query', () => {
    const url = upiIntentUrl({ pa: 'a@b', pn: 'A & B = C', tr: 'R1', tn: 'x+y', amount: 10 });
    expect(url).toContain('pn=A%20%26%20B%20%3D%20C');
    expect(url).toContain('tn=x%2By');
    expect(url).toContain('am=10.00');
  });
});
