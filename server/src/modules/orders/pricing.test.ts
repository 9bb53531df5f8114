import { describe, expect, it } from 'vitest';
import type { ChosenLine, OrderedProduct } from './lines.js';
import { mergeSameChoices, orderTotal, pricedItems, quantitiesByProduct, unitPrice } from './pricing.js';

const product = (id: string, regular: number, discounted: number | null = null): OrderedProduct => ({
  id,
  sku: `SKU-${id}`,
  title: `Product ${id}`,
  regular_price: regular,
  discounted_price: discounted,
  stock: 10,
  attributes_json: '[]',
  hsn: '8517',
  weight_grams: null,
  length_cm: null,
  breadth_cm: null,
  height_cm: null,
  gst_rate: 1800,
  options_json: '[]',
  variants: [],
});
const line = (item: OrderedProduct, quantity: number, size?: string, color?: string): ChosenLine => ({
  productId: item.id,
  quantity,
  product: item,
  size,
  color,
});

describe('order pricing', () => {
  it.each([
    { regular: 149900, discounted: null, paid: 149900 },
    { regular: 149900, discounted: 99900, paid: 99900 },
    { regular: 149900, discounted: 0, paid: 0 },
  ])('a product at $regular (discounted $discounted) costs $paid', ({ regular, discounted, paid }) => {
    expect(unitPrice(product('a', regular, discounted))).toBe(paid);
  });

  it('merges lines of one product with the same size and colour, and keeps other choices apart', () => {
    const cable = product('a', 100);
    const merged = mergeSameChoices([
      line(cable, 1, 'M', 'Red'),
      line(cable, 2, 'M', 'Red'),
      line(cable, 1, 'L', 'Red'),
      line(cable, 1),
    ]);
    expect(merged.map((each) => [each.size ?? null, each.color ?? null, each.quantity])).toEqual([
      ['M', 'Red', 3],
      ['L', 'Red', 1],
      [null, null, 1],
    ]);
  });

  it('adds up the quantities of each product across sizes and colours', () => {
    const cable = product('a', 100);
    const hub = product('b', 200);
    expect([...quantitiesByProduct([line(cable, 1, 'M'), line(hub, 2), line(cable, 3, 'L')])]).toEqual([
      ['a', 4],
      ['b', 2],
    ]);
  });

  it('snapshots each line at its price and tax, in order, and totals them', () => {
    const cable = product('a', 149900, 99900);
    const hub = product('b', 250000);
    let next = 0;
    const items = pricedItems('ORDER1', [line(cable, 2, 'M'), line(hub, 1)], () => `item-${++next}`);
    expect(items.map((item) => [item.id, item.position, item.unit_price, item.quantity, item.size, item.hsn])).toEqual([
      ['item-1', 0, 99900, 2, 'M', '8517'],
      ['item-2', 1, 250000, 1, null, '8517'],
    ]);
    expect(orderTotal(items)).toBe(2 * 99900 + 250000);
    expect(orderTotal([])).toBe(0);
  });
});
