import { type Product, ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantInput } from '../src/modules/catalog/variants.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  // Many shoppers order at once below: each from its own address, none held by the caps on unpaid orders.
  shop = await startShop({ orders: { maxOpenOrders: 50, maxOpenOrdersPerAddress: 100 } });
  http = client(shop.app);
});
afterAll(() => shop.close());

let made = 0;
const variant = (
  sku: string,
  values: string[],
  stock: number,
  regularPrice = 999,
  discountedPrice: number | null = null,
) => ({ sku, values, stock, regularPrice, discountedPrice, mrp: 1299, images: [] }) satisfies VariantInput;

/** A product on sale with these options and variants, as the back office writes it. */
async function productWith(options: { name: string; values: string[] }[], variants: VariantInput[]) {
  made += 1;
  const row = await shop.services.catalog.createOne(shop.storeId, {
    sku: `NK-CASE-${made}`,
    title: `Travel Case ${made}`,
    description: 'Hard shell, zip closure.',
    category: 'Accessories',
    parentCategory: null,
    gender: null,
    regularPrice: 999,
    discountedPrice: null,
    stock: 0,
    images: [{ url: '/media/case.jpg', width: 800, height: 800 }],
    attributes: [],
  });
  await shop.services.catalog.setVariants(shop.storeId, row.id, options, variants);
  return row.id;
}

const productOf = async (id: string) => (await http.get(`/products/${id}`)).json() as Product;
const stockOf = async (id: string, sku: string) => (await productOf(id)).variants?.find((v) => v.sku === sku)?.stock;

const order = (token: string, lines: Record<string, unknown>[], address = '10.1.0.1') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    remoteAddress: address,
    headers: { host: 'localhost:8044', authorization: `Bearer ${token}` },
    payload: { lines, shippingAddress: validAddress },
  });

const colours = [{ name: 'Colour', values: ['Black', 'Olive'] }];

describe('a product with variants', () => {
  it('lists its options and its variants, each with its own stock and price; the product reads their sum and the cheapest', async () => {
    const id = await productWith(colours, [
      variant('NK-CASE-BLK', ['Black'], 5, 1299, 1099),
      variant('NK-CASE-OLV', ['Olive'], 3, 999),
    ]);
    const product = await productOf(id);
    expect(product.options).toEqual([{ name: 'Colour', values: ['Black', 'Olive'] }]);
    expect(product.variants).toEqual([
      {
        sku: 'NK-CASE-BLK',
        options: { Colour: 'Black' },
        price: 1099,
        regularPrice: 1299,
        discountedPrice: 1099,
        mrp: 1299,
        stock: 5,
        images: [],
      },
      {
        sku: 'NK-CASE-OLV',
        options: { Colour: 'Olive' },
        price: 999,
        regularPrice: 999,
        discountedPrice: null,
        mrp: 1299,
        stock: 3,
        images: [],
      },
    ]);
    expect(product.stock).toBe(8);
    expect(product.regularPrice).toBe(999);
    // The listing reads the product as before: its stock is the variants' sum, its price the cheapest's.
    const listed = ProductListResponse.parse((await http.get('/products?limit=100&inStock=true')).json());
    expect(listed.data.find((each) => each.id === id)).toMatchObject({ stock: 8, priceFrom: true });
    expect(product.priceFrom).toBe(true);
  });

  it('is its own one variant when it has no options', async () => {
    const id = await productWith([], []);
    const product = await productOf(id);
    expect(product.options).toEqual([]);
    expect(product.priceFrom).toBeUndefined();
    expect(product.variants).toEqual([
      expect.objectContaining({ sku: product.sku, options: {}, stock: product.stock, price: 999 }),
    ]);
  });

  it('takes an order of one variant from that variant alone, and keeps its SKU on the line', async () => {
    const id = await productWith(colours, [variant('NK-TAKE-BLK', ['Black'], 5), variant('NK-TAKE-OLV', ['Olive'], 4)]);
    const shopper = await signUp(shop.app);
    const placed = await order(shopper.token, [{ productId: id, quantity: 2, variantSku: 'NK-TAKE-OLV' }]);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(id, 'NK-TAKE-OLV')).toBe(2);
    expect(await stockOf(id, 'NK-TAKE-BLK')).toBe(5);
    expect((await productOf(id)).stock).toBe(7);
    const item = await shop.db
      .selectFrom('order_items')
      .select(['variant_sku', 'color', 'unit_price'])
      .where('order_id', '=', placed.json().id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ variant_sku: 'NK-TAKE-OLV', color: 'Olive', unit_price: 99900 });
  });

  it('sells exactly its stock of a variant to 20 shoppers ordering at once, the other variant untouched', async () => {
    const id = await productWith(colours, [variant('NK-RUSH-BLK', ['Black'], 6), variant('NK-RUSH-OLV', ['Olive'], 3)]);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUp(shop.app)));
    const answers = await Promise.all(
      shoppers.map((shopper, index) =>
        order(shopper.token, [{ productId: id, quantity: 1, variantSku: 'NK-RUSH-OLV' }], `10.2.0.${index + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().error).toContain('(Olive) is sold out');
    }
    expect(await stockOf(id, 'NK-RUSH-OLV')).toBe(0);
    expect(await stockOf(id, 'NK-RUSH-BLK')).toBe(6);
    expect((await productOf(id)).stock).toBe(6);
  });

  it('gives a cancelled order back to its variant', async () => {
    const id = await productWith(colours, [variant('NK-BACK-BLK', ['Black'], 4), variant('NK-BACK-OLV', ['Olive'], 4)]);
    const shopper = await signUp(shop.app);
    const placed = await order(shopper.token, [{ productId: id, quantity: 2, variantSku: 'NK-BACK-BLK' }]);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(id, 'NK-BACK-BLK')).toBe(2);
    const cancelled = await http.post(`/orders/${placed.json().id}/cancel`, {}, shopper.token);
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(id, 'NK-BACK-BLK')).toBe(4);
    expect(await stockOf(id, 'NK-BACK-OLV')).toBe(4);
    expect((await productOf(id)).stock).toBe(8);
  });

  it('resolves a size and colour line to its variant', async () => {
    const id = await productWith(
      [
        { name: 'Size', values: ['M', 'L'] },
        { name: 'Colour', values: ['Black', 'Olive'] },
      ],
      [
        variant('NK-TEE-M-BLK', ['M', 'Black'], 2),
        variant('NK-TEE-M-OLV', ['M', 'Olive'], 2),
        variant('NK-TEE-L-BLK', ['L', 'Black'], 2),
        variant('NK-TEE-L-OLV', ['L', 'Olive'], 2),
      ],
    );
    const shopper = await signUp(shop.app);
    const placed = await order(shopper.token, [{ productId: id, quantity: 1, size: 'l', color: 'olive' }]);
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(id, 'NK-TEE-L-OLV')).toBe(1);
    const item = await shop.db
      .selectFrom('order_items')
      .select(['variant_sku', 'size', 'color'])
      .where('order_id', '=', placed.json().id)
      .executeTakeFirstOrThrow();
    expect(item).toEqual({ variant_sku: 'NK-TEE-L-OLV', size: 'L', color: 'Olive' });
    // A size alone names two variants: the shopper is asked to choose.
    const unsure = await order(shopper.token, [{ productId: id, quantity: 1, size: 'M' }]);
    expect(unsure.statusCode).toBe(400);
  });

  it('refuses a sold-out variant with a 409 naming it, and an unknown variantSku with a 400 naming lines', async () => {
    const id = await productWith(colours, [variant('NK-GONE-BLK', ['Black'], 0), variant('NK-GONE-OLV', ['Olive'], 5)]);
    const shopper = await signUp(shop.app);
    const soldOut = await order(shopper.token, [{ productId: id, quantity: 1, variantSku: 'NK-GONE-BLK' }]);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error).toMatch(/Travel Case \d+ \(Black\) is sold out/);
    const unknown = await order(shopper.token, [{ productId: id, quantity: 1, variantSku: 'NK-NOPE' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('lines');
    expect(unknown.json().error).toContain('NK-NOPE');
    expect(await stockOf(id, 'NK-GONE-OLV')).toBe(5);
  });

  it('refuses variants that repeat options or take another product’s SKU', async () => {
    const id = await productWith(colours, [variant('NK-DUP-BLK', ['Black'], 1)]);
    await expect(
      shop.services.catalog.setVariants(shop.storeId, id, colours, [
        variant('NK-DUP-A', ['Black'], 1),
        variant('NK-DUP-B', ['black'], 1),
      ]),
    ).rejects.toThrow(/same options/);
    await expect(
      shop.services.catalog.setVariants(shop.storeId, id, colours, [variant('NK-CASE-1', ['Olive'], 1)]),
    ).rejects.toThrow(/Another product has the SKU NK-CASE-1/);
    await expect(
      shop.services.catalog.setVariants(shop.storeId, id, colours, [variant('NK-DUP-C', [], 1)]),
    ).rejects.toThrow(/no value for Colour/);
    expect(await stockOf(id, 'NK-DUP-BLK')).toBe(1);
  });
});

describe('the back office', () => {
  it('writes a product with its variants in one table, edits them, and refuses the product-wide stock', async () => {
    const { email, password } = await addStaff(shop, { role: 'catalogue' });
    const admin = adminClient(shop.app);
    await admin.signIn(email, password);
    const product = {
      sku: 'BO-CABLE-1',
      title: 'Braided USB-C Cable',
      category: 'Cables',
      regularPrice: 499,
      stock: 0,
    };
    const lengths = [{ name: 'Length', values: ['1 m', '2 m'] }];
    const created = await admin.post('/admin/products', {
      product,
      options: lengths,
      variants: [
        { sku: 'BO-CABLE-1M', options: { Length: '1 m' }, regularPrice: 499, stock: 10 },
        { sku: 'BO-CABLE-2M', options: { Length: '2 m' }, regularPrice: 649, stock: 4 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toMatchObject({ stock: 14, regularPrice: 499, options: lengths });
    expect(saved.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([
      ['BO-CABLE-1M', 10],
      ['BO-CABLE-2M', 4],
    ]);

    const edited = await admin.send('PUT', `/admin/products/${saved.id}`, {
      product: { ...product, stock: saved.stock },
      updatedAt: saved.updatedAt,
      stockSeen: saved.stock,
      options: lengths,
      variants: [
        { sku: 'BO-CABLE-1M', options: { Length: '1 m' }, regularPrice: 449, stock: 10 },
        { sku: 'BO-CABLE-2M', options: { Length: '2 m' }, regularPrice: 649, stock: 9 },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ stock: 19, regularPrice: 449 });
    expect((await productOf(saved.id)).variants?.map((v) => v.stock)).toEqual([10, 9]);

    // An order takes one of the 2 m while the form is open: a stock left as shown keeps the order's move,
    // a changed one is refused.
    const shopper = await signUp(shop.app);
    expect(
      (await order(shopper.token, [{ productId: saved.id, quantity: 1, variantSku: 'BO-CABLE-2M' }])).statusCode,
    ).toBe(201);
    const opened = edited.json();
    const priceOnly = await admin.send('PUT', `/admin/products/${saved.id}`, {
      product: { ...product, stock: opened.stock },
      updatedAt: opened.updatedAt,
      options: lengths,
      variants: [
        { sku: 'BO-CABLE-1M', options: { Length: '1 m' }, regularPrice: 449, stock: 10, stockSeen: 10 },
        { sku: 'BO-CABLE-2M', options: { Length: '2 m' }, regularPrice: 599, stock: 9, stockSeen: 9 },
      ],
    });
    expect(priceOnly.statusCode).toBe(200);
    expect((await productOf(saved.id)).variants?.map((v) => [v.stock, v.price])).toEqual([
      [10, 449],
      [8, 599],
    ]);
    const typedOver = await admin.send('PUT', `/admin/products/${saved.id}`, {
      product: { ...product, stock: 18 },
      updatedAt: priceOnly.json().updatedAt,
      options: lengths,
      variants: [
        { sku: 'BO-CABLE-1M', options: { Length: '1 m' }, regularPrice: 449, stock: 10, stockSeen: 10 },
        { sku: 'BO-CABLE-2M', options: { Length: '2 m' }, regularPrice: 599, stock: 20, stockSeen: 9 },
      ],
    });
    expect(typedOver.statusCode).toBe(409);
    expect(typedOver.json().error).toContain('BO-CABLE-2M changed to 8');

    const wholeStock = await admin.post(`/admin/products/${saved.id}/stock`, { stock: 3, stockSeen: 18 });
    expect(wholeStock.statusCode).toBe(409);
    expect(wholeStock.json().error).toContain('sum of its variants');

    const repeated = await admin.send('PUT', `/admin/products/${saved.id}`, {
      product: { ...product, stock: 18 },
      updatedAt: priceOnly.json().updatedAt,
      options: lengths,
      variants: [
        { sku: 'BO-CABLE-1M', options: { Length: '1 m' }, regularPrice: 449, stock: 10 },
        { sku: 'BO-CABLE-1M-B', options: { Length: '1 m' }, regularPrice: 449, stock: 1 },
      ],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().error).toContain('same options');
    expect((await productOf(saved.id)).variants?.map((v) => v.stock)).toEqual([10, 8]);
  });
});
