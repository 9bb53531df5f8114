// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  isOnSale,
  needsChoice,
  onlyOption,
  pictureFor,
  referencePrice,
  savingOf,
  specificationsOf,
  stockNote,
  toStoreProduct,
} from './product';

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

  it('shows no Sale on a product that is out of stock', () => {
    expect(isOnSale(toStoreProduct({ id: 'a', regularPrice: 100, discountedPrice: 90, stock: 0 }))).toBe(false);
    expect(isOnSale(toStoreProduct({ id: 'a', regularPrice: 100, discountedPrice: 90, stock: 1 }))).toBe(true);
  });

  it('trims option values the way the server reads them, and keeps the sku and stock', () => {
    const product = toStoreProduct({
      id: 'a',
      sku: 'NK-LAP-002',
      stock: 3,
      attributes: [attribute('Size', ' 13" ', ''), attribute('Color', 'Navy ')],
    });
    expect(product).toMatchObject({ sku: 'NK-LAP-002', stock: 3, sizes: ['13"'], colors: ['Navy'] });
    expect(toStoreProduct({ id: 'b' }).stock).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('savingOf: the saving against one reference price', () => {
  it.each([
    // price, regular price, M.R.P., saving
    [899, 1199, 1499, { amount: 600, percent: 40 }],
    [899, 1199, undefined, { amount: 300, percent: 25 }],
    [1899, 2499, undefined, { amount: 600, percent: 24 }],
    [1999, undefined, 2399, { amount: 400, percent: 16 }],
    [899.5, undefined, 1499, { amount: 599.5, percent: 39 }],
    [99.5, 100, undefined, undefined],
    [2999, undefined, 2999, undefined],
    [3199, undefined, 2999, undefined],
    [100, undefined, undefined, undefined],
  ])('%d with regular %s and M.R.P. %s saves %o', (price, originalPrice, mrp, saving) => {
    expect(savingOf({ price, originalPrice, mrp })).toEqual(saving);
  });

  it('measures from the M.R.P. when there is one, else from the regular price', () => {
    expect(referencePrice({ originalPrice: 1199, mrp: 1499 })).toEqual({ label: 'M.R.P.', amount: 1499 });
    expect(referencePrice({ originalPrice: 1199 })).toEqual({ amount: 1199 });
    expect(referencePrice({})).toBeUndefined();
  });
});

describe('stockNote', () => {
  it.each([
    [0, 'Out of stock'],
    [1, 'Only 1 left'],
    [5, 'Only 5 left'],
    [6, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])('%d in stock reads %s', (stock, note) => {
    expect(stockNote(stock)).toBe(note);
  });
});

describe('pictureFor', () => {
  const pictures = (...urls: string[]) => urls.map((url) => ({ url }));
  it('takes the picture in the colour’s place when there is one per colour', () => {
    const stand = { image: '/s.svg', images: pictures('/s.svg', '/s-2.svg'), colors: ['Silver', 'Space Grey'] };
    expect(pictureFor(stand, 'Space Grey')).toBe('/s-2.svg');
    expect(pictureFor(stand, 'Silver')).toBe('/s.svg');
    expect(pictureFor(stand, undefined)).toBe('/s.svg');
  });

  it('takes the main picture when pictures and colours do not pair up', () => {
    const sleeve = { image: '/v.svg', images: pictures('/v.svg', '/v-2.svg'), colors: ['Navy', 'Charcoal', 'Olive'] };
    expect(pictureFor(sleeve, 'Olive')).toBe('/v.svg');
    expect(pictureFor(sleeve, 'Charcoal')).toBe('/v.svg');
  });

  it('prefers a picture named after the colour, by whole words', () => {
    const bag = {
      image: '/b.svg',
      images: pictures('/b.svg', '/media/bag-shredder.svg', '/media/bag-space-grey.svg'),
      colors: ['Red', 'Space Grey'],
    };
    expect(pictureFor(bag, 'Space Grey')).toBe('/media/bag-space-grey.svg');
    expect(pictureFor(bag, 'Red')).toBe('/b.svg');
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

  it('needs the product page when there are two sizes or two colours to choose from', () => {
    expect(needsChoice({ sizes: ['13"', '14"'], colors: ['Navy'] })).toBe(true);
    expect(needsChoice({ sizes: ['One Size'], colors: ['Navy', 'Olive'] })).toBe(true);
    expect(needsChoice({ sizes: ['One Size'], colors: ['Navy'] })).toBe(false);
    expect(needsChoice({ sizes: [], colors: [] })).toBe(false);
  });
});
