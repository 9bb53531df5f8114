// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { englishI18nNow, loadAllWords } from '@/lib/i18n';
import { codForCart } from './payment-methods';

// Its words are in the checkout's part of the catalogue, which a page fetches with itself.
beforeAll(() => loadAllWords(englishI18nNow()));

const demo = { enabled: true, fee: { flat: 40 }, maxOrder: 10_000, everywhere: true };
const bengaluru = { pincode: '560038', state: 'Karnataka', cod: true };

describe('codForCart', () => {
  it('offers COD with its fee up to the maximum exactly, and says why not a paisa over', () => {
    expect(codForCart(demo, 10_000, bengaluru)).toEqual({ available: true, fee: 40 });
    expect(codForCart(demo, 10_000.01, bengaluru)).toEqual({
      available: false,
      reason: 'Cash on delivery is available for orders up to ₹10,000.',
    });
  });

  it('a percentage fee from the cart, and none where the PIN has no COD or the store has none', () => {
    expect(codForCart({ enabled: true, fee: { percent: 2 }, everywhere: true }, 1234.5, undefined)).toEqual({
      available: true,
      fee: 24.69,
    });
    expect(codForCart(demo, 500, { ...bengaluru, cod: false })).toEqual({
      available: false,
      reason: 'Cash on delivery is not available for PIN code 560038.',
    });
    expect(codForCart({ enabled: false, everywhere: false }, 500, bengaluru).available).toBe(false);
    expect(codForCart(undefined, 500, bengaluru).available).toBe(false);
  });
});
