import { ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantInput } from '../src/modules/catalog/variants.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;

const variant = (sku: string, values: string[], stock: number) =>
  ({ sku, values, stock, regularPrice: 999, discountedPrice: null, mrp: null, images: [] }) satisfies VariantInput;

/** A product of the Travel Gear category with these options and variants, as the back office writes it. */
async function productWith(
  sku: string,
  options: { name: string; values: string[] }[],
  variants: VariantInput[],
  category = 'Travel Gear',
) {
  const row = await shop.services.catalog.createOne(shop.storeId, {
    sku,
    title: `Travel Case ${sku}`,
    description: 'Hard shell, zip closure.',
    category,
    parentCategory: null,
    gender: null,
    regularPrice: 999,
    discountedPrice: null,
    stock: 4,
    images: [],
    attributes: [],
  });
  if (options.length) await shop.services.catalog.setVariants(shop.storeId, row.id, options, variants);
  return row.id;
}

let caseA: string;
let caseB: string;
let caseC: string;
let cable: string;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  const colours = (values: string[]) => [{ name: 'Colour', values }];
  // A: Olive in stock, Black sold out. B: Olive sold out, Navy in stock. C: options in the other order.
  caseA = await productWith('VL-A', colours(['Olive', 'Black']), [
    variant('VL-A-OL', ['Olive'], 2),
    variant('VL-A-BK', ['Black'], 0),
  ]);
  caseB = await productWith('VL-B', colours(['Olive', 'Navy']), [
    variant('VL-B-OL', ['Olive'], 0),
    variant('VL-B-NV', ['Navy'], 5),
  ]);
  caseC = await productWith(
    'VL-C',
    [
      { name: 'Length', values: ['1 m', '2 m'] },
      { name: 'colour', values: ['Olive', 'Black'] },
    ],
    [variant('VL-C-1OL', ['1 m', 'Olive'], 3), variant('VL-C-2BK', ['2 m', 'Black'], 1)],
  );
  // A product without options is its own one variant: no option facet counts it, no option filter lists it.
  cable = await productWith('VL-D', [], []);
});
afterAll(() => shop.close());

async function listing(query: string) {
  const response = await http.get(`/products?category=Travel%20Gear&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ProductListResponse.parse(response.json());
}

const valuesOf = (body: ProductListResponse, name: string) =>
  Object.fromEntries(
    (body.facets.options.find((option) => option.name.toLowerCase() === name.toLowerCase())?.values ?? []).map(
      (value) => [value.value, value.count],
    ),
  );
const ids = (body: ProductListResponse) => body.data.map((product) => product.id).sort();

describe('the listing by option values', () => {
  it('gives each option with its values and the products having them, beside the other facets', async () => {
    const body = await listing('');
    expect(body.count).toBe(4);
    expect(valuesOf(body, 'Colour')).toEqual({ Olive: 3, Black: 2, Navy: 1 });
    expect(valuesOf(body, 'Length')).toEqual({ '1 m': 1, '2 m': 1 });
    expect(body.facets.origins).toBeDefined();
    expect(body.facets.inStock).toBeGreaterThan(0);
  });

  it('lists the products having a variant of the value, whatever its place among the options or its case', async () => {
    const body = await listing('option.Colour=olive');
    expect(ids(body)).toEqual([caseA, caseB, caseC].sort());
    expect(body.count).toBe(3);
    expect(ids(body)).not.toContain(cable);
    // The filtered option still shows its other values; the other option counts within the filter.
    expect(valuesOf(body, 'Colour')).toEqual({ Olive: 3, Black: 2, Navy: 1 });
    expect(valuesOf(body, 'Length')).toEqual({ '1 m': 1 });
  });

  it('takes values of one option as any of them', async () => {
    const body = await listing('option.Colour=Navy&option.Colour=Black');
    expect(ids(body)).toEqual([caseA, caseB, caseC].sort());
  });

  it('with the in-stock filter, lists and counts only variants in stock', async () => {
    const body = await listing('option.Colour=Olive&inStock=true');
    expect(ids(body)).toEqual([caseA, caseC].sort());
    expect(valuesOf(body, 'Colour')).toEqual({ Olive: 2, Navy: 1, Black: 1 });
    const black = await listing('option.Colour=Black&inStock=true');
    expect(ids(black)).toEqual([caseC]);
  });

  it('asks two options of the same variant', async () => {
    expect(ids(await listing('option.Colour=Olive&option.Length=1%20m'))).toEqual([caseC]);
    expect(ids(await listing('option.Colour=Olive&option.Length=2%20m'))).toEqual([]);
    const body = await listing('option.Colour=Black&option.Length=2%20m');
    expect(ids(body)).toEqual([caseC]);
    // Colour counted within Length=2 m: only C's black variant is 2 m.
    expect(valuesOf(body, 'Colour')).toEqual({ Black: 1 });
    expect(valuesOf(body, 'Length')).toEqual({ '2 m': 1 });
  });

  it('counts alongside the other filters (search, price)', async () => {
    const body = await listing('option.Colour=Olive&maxPrice=500');
    expect(body.count).toBe(0);
    expect(valuesOf(body, 'Colour')).toEqual({});
  });

  it('refuses an option filter without a name, naming it', async () => {
    const response = await http.get('/products?option.=Olive');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'option. must name a variant option and its values, each at most 100 characters.',
    });
  });
});
