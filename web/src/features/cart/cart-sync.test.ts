// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart-rules';
import { keptLinesOf, mergeWithKept } from './cart-sync';

const item = (id: string, quantity: number, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `Product ${id}`,
  image: '',
  price: 100,
  quantity,
  ...extra,
});

describe('the cart kept on the server, merged at sign-in', () => {
  it('keeps every line of both, the larger quantity where both hold the same product, size and colour', () => {
    const local = [item('a', 1), item('b', 3, { selectedSize: 'M' }), item('c', 2)];
    const kept = [
      { productId: 'a', quantity: 4 },
      { productId: 'b', quantity: 1, size: 'M' },
      { productId: 'b', quantity: 2, size: 'L' },
      { productId: 'd', quantity: 5, color: 'Black' },
    ];
    const { items, toAdd } = mergeWithKept(local, kept);
    expect(items.map((line) => [line.id, line.selectedSize ?? '', line.quantity])).toEqual([
      ['a', '', 4],
      ['b', 'M', 3],
      ['c', '', 2],
    ]);
    expect(toAdd.map((line) => [line.productId, line.size, line.color, line.quantity])).toEqual([
      ['b', 'L', null, 2],
      ['d', null, 'Black', 5],
    ]);
  });

  it('an empty kept cart leaves the browser’s as it is, and an empty browser takes the kept one', () => {
    const local = [item('a', 2)];
    expect(mergeWithKept(local, [])).toEqual({ items: local, toAdd: [] });
    expect(mergeWithKept([], [{ productId: 'a', quantity: 2 }]).toAdd).toHaveLength(1);
  });

  it('writes only what a line is: product, quantity, size and colour', () => {
    expect(keptLinesOf([item('a', 2, { selectedSize: 'M', selectedColor: 'Red' }), item('b', 1)])).toEqual([
      { productId: 'a', quantity: 2, size: 'M', color: 'Red' },
      { productId: 'b', quantity: 1 },
    ]);
  });

  it('keeps a variant’s line as that variant: the same line in both is one line, not two', () => {
    const olive = item('case', 1, { selectedColor: 'Olive', variantSku: 'TC-OLV' });
    expect(keptLinesOf([olive])).toEqual([{ productId: 'case', quantity: 1, color: 'Olive', variantSku: 'TC-OLV' }]);
    const { items, toAdd } = mergeWithKept(
      [olive],
      [{ productId: 'case', quantity: 1, color: 'Olive', variantSku: 'TC-OLV' }],
    );
    expect(items).toEqual([olive]);
    expect(toAdd).toEqual([]);
    const other = mergeWithKept([olive], [{ productId: 'case', quantity: 2, color: 'Black', variantSku: 'TC-BLK' }]);
    expect(other.toAdd).toEqual([
      { productId: 'case', name: 'case', quantity: 2, size: null, color: 'Black', variantSku: 'TC-BLK' },
    ]);
  });
});
