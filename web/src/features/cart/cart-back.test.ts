// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, englishI18nNow, loadAllWords, messagesOf, type Translate } from '@/lib/i18n';
import { type ProductForCart, restoredMessage, restoreIntoCart } from './cart-back';
import type { CartItem } from './cart-rules';

const hub: ProductForCart = { name: 'USB-C Hub', price: 1999, image: '/hub.svg', stock: 10 };
const sleeve: ProductForCart = { name: 'Laptop Sleeve', price: 899, image: '/sleeve.svg', stock: 3 };
const products = new Map<string, ProductForCart | 'gone'>([
  ['hub', hub],
  ['sleeve', sleeve],
  ['old', 'gone'],
  ['sold-out', { name: 'Dock', price: 9999, image: '/dock.svg', stock: 0 }],
]);

// Its words are in the checkout's part of the catalogue, which a page fetches with itself.
beforeAll(() => loadAllWords(englishI18nNow()));

const inCart = (overrides: Partial<CartItem>): CartItem => ({
  id: 'hub',
  name: 'USB-C Hub',
  image: '/hub.svg',
  price: 2499,
  quantity: 1,
  ...overrides,
});

describe('restoreIntoCart', () => {
  it('adds an order’s lines to an empty cart at today’s price and name, with their size and colour', () => {
    const restored = restoreIntoCart(
      [],
      [
        { productId: 'hub', name: 'Old hub name', quantity: 2 },
        { productId: 'sleeve', name: 'Sleeve', quantity: 1, size: '13"', color: 'Navy' },
      ],
      products,
    );
    expect(restored.items).toEqual([
      { id: 'hub', name: 'USB-C Hub', image: '/hub.svg', price: 1999, quantity: 2 },
      {
        id: 'sleeve',
        name: 'Laptop Sleeve',
        image: '/sleeve.svg',
        price: 899,
        quantity: 1,
        selectedSize: '13"',
        selectedColor: 'Navy',
      },
    ]);
    expect(restored.added).toEqual([
      { name: 'USB-C Hub', quantity: 2 },
      { name: 'Laptop Sleeve', quantity: 1 },
    ]);
    expect(restored.notAdded).toEqual([]);
  });

  it('merges with the same line already in the cart (and takes today’s price), keeps the others', () => {
    const other = inCart({ id: 'sleeve', name: 'Laptop Sleeve', price: 899, selectedSize: '15"' });
    const restored = restoreIntoCart([inCart({}), other], [{ productId: 'hub', name: 'Hub', quantity: 2 }], products);
    expect(restored.items).toEqual([inCart({ price: 1999, quantity: 3 }), other]);
  });

  it('stays within the stock, counted over every line of the product, and says so', () => {
    const cart = [inCart({ id: 'sleeve', name: 'Laptop Sleeve', price: 899, selectedSize: '15"', quantity: 1 })];
    const restored = restoreIntoCart(
      cart,
      [{ productId: 'sleeve', name: 'Sleeve', quantity: 3, size: '13"' }],
      products,
    );
    expect(restored.items.map((item) => [item.selectedSize, item.quantity])).toEqual([
      ['15"', 1],
      ['13"', 2],
    ]);
    expect(restored.notAdded).toEqual([{ name: 'Laptop Sleeve', reason: '2 units of 3 added: only 3 units in stock' }]);
  });

  it('stays within the store’s cap on one product per order', () => {
    const restored = restoreIntoCart(
      [inCart({ quantity: 4 })],
      [{ productId: 'hub', name: 'Hub', quantity: 3 }],
      products,
      5,
    );
    expect(restored.items).toEqual([inCart({ price: 1999, quantity: 5 })]);
    expect(restored.notAdded).toEqual([
      { name: 'USB-C Hub', reason: '1 unit of 3 added: at most 5 of one product per order' },
    ]);

    const full = restoreIntoCart(restored.items, [{ productId: 'hub', name: 'Hub', quantity: 1 }], products, 5);
    expect(full.items).toBe(restored.items);
    expect(full.added).toEqual([]);
    expect(full.notAdded).toEqual([
      {
        name: 'USB-C Hub',
        reason: 'your cart already holds 5 units, and the shop allows at most 5 of one product per order',
      },
    ]);
  });

  it('leaves out a product no longer sold or sold out, naming it', () => {
    const restored = restoreIntoCart(
      [],
      [
        { productId: 'old', name: 'Retired adapter', quantity: 1 },
        { productId: 'sold-out', name: 'Dock', quantity: 1 },
        { productId: 'unknown', name: 'Mystery cable', quantity: 1 },
        { productId: 'hub', name: 'Hub', quantity: 1 },
      ],
      products,
    );
    expect(restored.items.map((item) => item.id)).toEqual(['hub']);
    expect(restored.notAdded).toEqual([
      { name: 'Retired adapter', reason: 'no longer sold' },
      { name: 'Dock', reason: 'out of stock' },
      { name: 'Mystery cable', reason: 'no longer sold' },
    ]);
  });
});

describe('restoredMessage', () => {
  it('counts the units back and lists what is missing', () => {
    expect(
      restoredMessage({
        items: [],
        added: [{ name: 'USB-C Hub', quantity: 2 }],
        notAdded: [{ name: 'Dock', reason: 'out of stock' }],
      }),
    ).toEqual({
      title: '2 items are back in your cart',
      description: "At today's prices. Not added in full: Dock: out of stock.",
    });
    expect(restoredMessage({ items: [], added: [{ name: 'Hub', quantity: 1 }], notAdded: [] })).toEqual({
      title: '1 item is back in your cart',
      description: "At today's prices.",
    });
    expect(restoredMessage({ items: [], added: [], notAdded: [{ name: 'Dock', reason: 'out of stock' }] })).toEqual({
      title: 'Nothing could be added to your cart',
      description: 'Dock: out of stock.',
    });
  });
});

describe('on a Hindi page', () => {
  it('says what came back and what did not in Hindi', async () => {
    const i18n = createI18n('hi', await messagesOf('hi'));
    const t: Translate = (key, values) => i18n._(key, values);
    const restored = restoreIntoCart(
      [inCart({ quantity: 4 })],
      [
        { productId: 'hub', name: 'Hub', quantity: 3 },
        { productId: 'sold-out', name: 'Dock', quantity: 1 },
      ],
      products,
      5,
      t,
    );
    expect(restored.notAdded).toEqual([
      {
        name: 'USB-C Hub',
        reason: '3 में से 1 यूनिट डाले गए: एक ऑर्डर में एक प्रोडक्ट के ज़्यादा से ज़्यादा 5 यूनिट ही मिल सकते हैं',
      },
      { name: 'Dock', reason: 'स्टॉक में नहीं है' },
    ]);
    expect(restoredMessage(restored, t)).toEqual({
      title: '1 आइटम आपके कार्ट में वापस आ गया',
      description: `आज की कीमतों पर। पूरे नहीं डाले जा सके: USB-C Hub: ${restored.notAdded[0]?.reason}। Dock: स्टॉक में नहीं है।`,
    });
  });
});

describe('restoreIntoCart with variants', () => {
  const travelCase: ProductForCart = {
    name: 'Travel Case',
    price: 1299,
    image: '/case.svg',
    stock: 12,
    variants: new Map([
      ['TC-BLK', { price: 1299, stock: 9 }],
      ['TC-OLV', { price: 1499, stock: 3 }],
    ]),
  };
  const withCase = new Map<string, ProductForCart | 'gone'>([['case', travelCase]]);

  it('puts a variant back at its own price, within its own stock, as that variant', () => {
    const restored = restoreIntoCart(
      [],
      [{ productId: 'case', name: 'Travel Case', quantity: 5, color: 'Olive', variantSku: 'TC-OLV' }],
      withCase,
    );
    expect(restored.items).toEqual([
      {
        id: 'case',
        name: 'Travel Case',
        image: '/case.svg',
        price: 1499,
        quantity: 3,
        selectedColor: 'Olive',
        variantSku: 'TC-OLV',
      },
    ]);
    expect(restored.notAdded).toEqual([{ name: 'Travel Case', reason: '3 units of 5 added: only 3 units in stock' }]);
  });

  it('says a variant the shop no longer offers is no longer sold', () => {
    const restored = restoreIntoCart(
      [],
      [{ productId: 'case', name: 'Travel Case', quantity: 1, variantSku: 'TC-RED' }],
      withCase,
    );
    expect(restored.items).toEqual([]);
    expect(restored.notAdded).toEqual([{ name: 'Travel Case', reason: 'no longer sold' }]);
  });
});
