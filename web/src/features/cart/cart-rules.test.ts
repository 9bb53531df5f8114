// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addItem,
  type CartItem,
  itemCountOf,
  lineCapText,
  lineLimit,
  lineProblem,
  optionsLabel,
  parseStoredCart,
  removeItem,
  subtotalOf,
  updateQuantity,
} from './cart-rules';

const line = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 'p1',
  name: 'Sleeve',
  image: '/a.svg',
  price: 500,
  quantity: 1,
  ...overrides,
});

describe('cart rules', () => {
  it.each([
    ['same id, size and colour', line({ selectedSize: 'M', selectedColor: 'Navy' }), 1, 3, 'updated'],
    ['another size', line({ selectedSize: 'L', selectedColor: 'Navy' }), 2, 1, 'added'],
    ['another colour', line({ selectedSize: 'M', selectedColor: 'Olive' }), 2, 1, 'added'],
    ['another product', line({ id: 'p2' }), 2, 1, 'added'],
  ])('adding %s', (_name, item, lines, firstQuantity, change) => {
    const start = [line({ selectedSize: 'M', selectedColor: 'Navy', quantity: 1 })];
    const result = addItem(start, { ...item, quantity: item.id === 'p1' && change === 'updated' ? 2 : 1 });
    expect(result.items).toHaveLength(lines);
    expect(result.items[0]?.quantity).toBe(firstQuantity);
    expect(result.change).toBe(change);
  });

  it('removes every line of the id', () => {
    const items = [line({ selectedSize: 'M' }), line({ selectedSize: 'L' }), line({ id: 'p2' })];
    expect(removeItem(items, 'p1').map((item) => item.id)).toEqual(['p2']);
  });

  it('removes only the line of the size and colour given', () => {
    const items = [
      line({ selectedSize: '13"', selectedColor: 'Navy' }),
      line({ selectedSize: '15.6"', selectedColor: 'Olive' }),
    ];
    expect(removeItem(items, 'p1', '13"', 'Navy')).toEqual([items[1]]);
  });

  it('reads the chosen options as one line', () => {
    expect(optionsLabel('13"', 'Navy')).toBe('Size: 13" · Colour: Navy');
    expect(optionsLabel(null, 'Navy')).toBe('Colour: Navy');
    expect(optionsLabel('One Size', undefined)).toBe('Size: One Size');
    expect(optionsLabel(null, null)).toBe('');
  });

  it.each([
    ['unknown yet', undefined, 2, undefined],
    ['gone', 'gone' as const, 2, { kind: 'gone' }],
    ['out of stock', { stock: 0 }, 2, { kind: 'out-of-stock' }],
    ['fewer left than both lines hold', { stock: 4 }, 2, { kind: 'too-many', stock: 4, max: 2 }],
    ['enough for both lines', { stock: 5 }, 2, undefined],
  ])('a line whose product is %s', (_name, availability, navy, problem) => {
    const items = [line({ selectedColor: 'Navy', quantity: navy }), line({ selectedColor: 'Olive', quantity: 3 })];
    expect(lineProblem(items, items[1] as CartItem, availability)).toEqual(problem);
  });

  it("holds a product's lines to the store's cap on one product per order, whatever the stock", () => {
    const items = [line({ selectedColor: 'Navy', quantity: 4 }), line({ selectedColor: 'Olive', quantity: 7 })];
    expect(lineProblem(items, items[1] as CartItem, { stock: 500 }, 10)).toEqual({ kind: 'over-cap', cap: 10, max: 6 });
    expect(lineProblem(items, items[1] as CartItem, { stock: 500 }, 11)).toBeUndefined();
    expect(lineLimit(items, items[1] as CartItem, 500, 10)).toBe(6);
    expect(lineLimit(items, items[1] as CartItem, 8, 10)).toBe(4);
    expect(lineCapText(10)).toBe('You can order at most 10 of one product.');
  });

  it.each([0, -1, 1.5, Number.NaN])('ignores a quantity of %s', (quantity) => {
    const items = [line()];
    expect(updateQuantity(items, 'p1', quantity)).toBe(items);
  });

  it('sets the quantity of the chosen line only', () => {
    const items = [line({ selectedSize: 'M' }), line({ selectedSize: 'L' })];
    expect(updateQuantity(items, 'p1', 4, 'L').map((item) => item.quantity)).toEqual([1, 4]);
  });

  it('counts items and adds up the subtotal', () => {
    const items = [line({ quantity: 2 }), line({ id: 'p2', price: 99.5, quantity: 3 })];
    expect(itemCountOf(items)).toBe(5);
    expect(subtotalOf(items)).toBe(1298.5);
  });

  it('reads a stored cart defensively', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart('{"id":1}')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([line(), { id: 'bad', quantity: 0 }]))).toEqual([line()]);
  });
});
