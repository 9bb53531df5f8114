import { describe, expect, it } from 'vitest';
import { returnNotice } from './payment-return';

describe('returnNotice', () => {
  it('tells a failed payment with the gateway’s reason, and that it can be tried again', () => {
    expect(returnNotice('failed', 'The payment was declined on the test gateway.')).toEqual({
      title: 'Payment not completed',
      text: 'The payment was declined on the test gateway. You can try again.',
    });
    expect(returnNotice('failed', null)?.text).toBe('The payment was not completed. You can try again.');
  });

  it('tells a payment that will be refunded', () => {
    expect(returnNotice('refund', null)?.title).toBe('Your payment will be refunded');
  });

  it.each([null, '', 'success', 'paid'])('says nothing for payment=%s', (payment) => {
    expect(returnNotice(payment, 'x')).toBeUndefined();
  });
});
