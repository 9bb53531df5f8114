import { describe, expect, it } from 'vitest';
import { isOnSale, onlyOption, specificationsOf, toStoreProduct } from './product';

const attribute = (key: string, ...value: string[]) => ({ id: key, key, value, metricUnit: null });

describe('toStoreProduct', () => {
  it.each([
    [{ regularPrice: 1000, discountedPrice: 800 }, 800, 1000],
    [{ regularPrice: 1000, discountedPrice: null }, 1000, undefined],
    [{ regularPrice: undefined, discountedPrice: null }, 0, undefined],
    [{ discountedPrice: 500 }, 500, undefined],
  ])('prices %j as %d with original %s', (prices, price, originalPrice) => {
    const product = toStoreProduct({ id: 'p1', ...prices } as never);
    expect(product.price).toBe(price);
    expect(product.originalPrice).toBe(originalPrice);
  });

  it('takes the image from imgUrl, else the first image, else nothing', () => {
    expect(toStoreProduct({ id: 'a', imgUrl: '/a.svg', images: [{ url: '/b.svg', width: 1, height: 1 }] }).image).toBe(
      '/a.svg',
    );
    expect(toStoreProduct({ id: 'a', imgUrl: '', images: [{ url: '/b.svg', width: 1, height: 1 }] }).image).toBe(
      '/b.svg',
    );
    expect(toStoreProduct({ id: 'a' }).image).toBe('');
  });

  it('reads featured, sizes and colours by case-insensitive keys', () => {
    const product = toStoreProduct({
      id: 'a',
      title: 'Sleeve',
      attributes: [attribute('Featured', 'TRUE'), attribute('SIZES', '13"', '14"'), attribute('Colours', 'Navy')],
    });
    expect(product).toMatchObject({ name: 'Sleeve', featured: true, sizes: ['13"', '14"'], colors: ['Navy'] });
    expect(toStoreProduct({ id: 'b', attributes: [attribute('featured', 'false')] }).featured).toBe(false);
  });

  it('marks a sale only when the price is below the original', () => {
    expect(isOnSale(toStoreProduct({ id: 'a', regularPrice: 100, discountedPrice: 90 }))).toBe(true);
    expect(isOnSale(toStoreProduct({ id: 'a', regularPrice: 100, discountedPrice: 100 }))).toBe(false);
    expect(isOnSale(toStoreProduct({ id: 'a', regularPrice: 100, discountedPrice: null }))).toBe(false);
  });
});

describe('specificationsOf', () => {
  it('hides phone-like keys and shows at most 10', () => {
    const attributes = [
      attribute('Support Phone', '+91 80 1234 5678'),
      attribute('PHONE number', 'x'),
      ...Array.from({ length: 12 }, (_, index) => attribute(`Spec ${index}`, String(index))),
    ];
    const specifications = specificationsOf(toStoreProduct({ id: 'a', attributes }));
    expect(specifications).toHaveLength(10);
    expect(specifications.some((item) => item.key.toLowerCase().includes('phone'))).toBe(false);
  });
});

describe('onlyOption', () => {
  it('pre-selects only a single option', () => {
    expect(onlyOption(['One Size'])).toBe('One Size');
    expect(onlyOption(['S', 'M'])).toBeUndefined();
    expect(onlyOption([])).toBeUndefined();
  });
});
