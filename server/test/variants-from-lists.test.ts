import { AdminProduct, type Product, variantsFromLists } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProducts } from '../src/seed/demo-store.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;
const http = () => client(shop.app);

beforeAll(async () => {
  shop = await startShop();
  const { email, password } = await addStaff(shop, { role: 'catalogue' });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(() => shop.close());

let made = 0;
type Attribute = { key: string; value: string[]; metricUnit: null };
const sleeve = (overrides: { sku?: string; stock?: number; attributes?: Attribute[] } = {}) => {
  made += 1;
  return {
    sku: `BO-SLV-${made}`,
    title: `Canvas Laptop Sleeve ${made}`,
    description: 'Padded canvas with a zip.',
    category: 'Laptop Accessories',
    parentCategory: 'Sleeves & Bags',
    regularPrice: 1199,
    discountedPrice: 999,
    mrp: 1499,
    stock: 10,
    hidden: false,
    images: [],
    attributes: [
      { key: 'Size', value: ['13 inch', '15 inch'], metricUnit: null },
      { key: 'Colour', value: ['Grey', 'Olive'], metricUnit: null },
      { key: 'Material', value: ['Canvas'], metricUnit: null },
    ],
    ...overrides,
  };
};

async function create(body: Record<string, unknown>) {
  const answer = await admin.post('/admin/products', body);
  expect(answer.statusCode, answer.body).toBe(201);
  return AdminProduct.parse(answer.json());
}

const productOf = async (id: string) => (await http().get(`/products/${id}`)).json() as Product;
const stocks = async (id: string) =>
  Object.fromEntries(((await productOf(id)).variants ?? []).map((variant) => [variant.sku, variant.stock]));

const save = (product: AdminProduct, changes: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
  const { id: _id, createdAt: _created, updatedAt, options: _options, variants: _variants, ...record } = product;
  return admin.send('PUT', `/admin/products/${product.id}`, {
    product: { ...record, ...changes },
    updatedAt,
    stockSeen: product.stock,
    ...extra,
  });
};

describe('a product made with sizes and colours and no variants', () => {
  it('gets a variant per size and colour through the admin API, each with its own SKU, the prices and a share of the stock', async () => {
    const product = await create({ product: sleeve() });
    expect(product.options).toEqual([
      { name: 'Size', values: ['13 inch', '15 inch'] },
      { name: 'Colour', values: ['Grey', 'Olive'] },
    ]);
    const shown = await productOf(product.id);
    expect(shown.variants).toEqual(
      [
        [`${product.sku}-13INCH-GREY`, '13 inch', 'Grey', 4],
        [`${product.sku}-13INCH-OLIVE`, '13 inch', 'Olive', 2],
        [`${product.sku}-15INCH-GREY`, '15 inch', 'Grey', 2],
        [`${product.sku}-15INCH-OLIVE`, '15 inch', 'Olive', 2],
      ].map(([sku, size, colour, stock]) => ({
        sku,
        options: { Size: size, Colour: colour },
        price: 999,
        regularPrice: 1199,
        discountedPrice: 999,
        mrp: 1499,
        stock,
        images: [],
      })),
    );
    expect(shown.stock).toBe(10);
  });

  it('sells one variant from its own stock alone', async () => {
    const product = await create({ product: sleeve({ stock: 8 }) });
    const olive = `${product.sku}-15INCH-OLIVE`;
    const shopper = await signUp(shop.app);
    const placed = await http().post(
      '/orders',
      { lines: [{ productId: product.id, quantity: 1, variantSku: olive }], shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stocks(product.id)).toEqual({
      [`${product.sku}-13INCH-GREY`]: 2,
      [`${product.sku}-13INCH-OLIVE`]: 2,
      [`${product.sku}-15INCH-GREY`]: 2,
      [olive]: 1,
    });
    expect((await productOf(product.id)).stock).toBe(7);
    // The last Olive 15 inch is not for sale twice: its own stock decides, not the product's 7.
    const again = await http().post(
      '/orders',
      { lines: [{ productId: product.id, quantity: 2, variantSku: olive }], shippingAddress: validAddress },
      shopper.token,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(`Only 1 left of ${product.title} (15 inch, Olive). Please lower the quantity.`);
  });

  it('keeps the variants a save sends, and makes none when the product already has them', async () => {
    const product = await create({
      product: sleeve({ stock: 0 }),
      options: [{ name: 'Colour', values: ['Grey'] }],
      variants: [{ sku: `CUSTOM-${made}-GREY`, options: { Colour: 'Grey' }, regularPrice: 1099, stock: 7 }],
    });
    expect(product.variants?.map((variant) => [variant.sku, variant.stock])).toEqual([[`CUSTOM-${made}-GREY`, 7]]);
    // Saved again without variants, with another stock typed: nothing is split again.
    const saved = await save(product, { title: 'Canvas Sleeve, renamed' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AdminProduct.parse(saved.json()).variants?.map((variant) => [variant.sku, variant.stock])).toEqual([
      [`CUSTOM-${made}-GREY`, 7],
    ]);
  });

  it('gets its variants when a save adds sizes and colours to a product without them', async () => {
    const product = await create({ product: sleeve({ stock: 6, attributes: [] }) });
    expect(product.variants).toEqual([]);
    const saved = await save(product, {
      attributes: [{ key: 'Color', value: ['Grey', 'Olive', 'Grey'], metricUnit: null }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stocks(product.id)).toEqual({ [`${product.sku}-GREY`]: 3, [`${product.sku}-OLIVE`]: 3 });
  });
});

describe('a product whose variants were made from its lists, its lists edited', () => {
  it('adds variants with no stock for a colour added, and keeps the others as they are', async () => {
    const product = await create({ product: sleeve({ stock: 4 }) });
    const saved = await save(product, {
      attributes: [
        { key: 'Size', value: ['13 inch', '15 inch'], metricUnit: null },
        { key: 'Colour', value: ['Grey', 'Olive', 'Black'], metricUnit: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stocks(product.id)).toEqual({
      [`${product.sku}-13INCH-GREY`]: 1,
      [`${product.sku}-13INCH-OLIVE`]: 1,
      [`${product.sku}-15INCH-GREY`]: 1,
      [`${product.sku}-15INCH-OLIVE`]: 1,
      [`${product.sku}-13INCH-BLACK`]: 0,
      [`${product.sku}-15INCH-BLACK`]: 0,
    });
    const shown = await productOf(product.id);
    expect(shown.options).toEqual([
      { name: 'Size', values: ['13 inch', '15 inch'] },
      { name: 'Colour', values: ['Grey', 'Olive', 'Black'] },
    ]);
    expect(shown.stock).toBe(4);
  });

  it('refuses to take off a colour while one of its variants has stock, and takes it off once none has', async () => {
    const product = await create({ product: sleeve({ stock: 4 }) });
    const noOlive = {
      attributes: [
        { key: 'Size', value: ['13 inch', '15 inch'], metricUnit: null },
        { key: 'Colour', value: ['Grey'], metricUnit: null },
      ],
    };
    const refused = await save(product, noOlive);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: `${product.sku}-13INCH-OLIVE still has 1 in stock: set its stock to 0 before taking 13 inch, Olive off the lists.`,
      field: 'attributes',
    });
    expect(Object.keys(await stocks(product.id))).toHaveLength(4);
    for (const size of ['13INCH', '15INCH'])
      await shop.services.catalog.setVariantStock(shop.storeId, `${product.sku}-${size}-OLIVE`, 0);
    const fresh = AdminProduct.parse((await admin.get(`/admin/products/${product.id}`)).json());
    const saved = await save(fresh, noOlive);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stocks(product.id)).toEqual({ [`${product.sku}-13INCH-GREY`]: 1, [`${product.sku}-15INCH-GREY`]: 1 });
    expect((await productOf(product.id)).options).toEqual([
      { name: 'Size', values: ['13 inch', '15 inch'] },
      { name: 'Colour', values: ['Grey'] },
    ]);
  });
});

describe('the catalogue import and the demo shop', () => {
  it('gives an imported product with sizes and colours and no variant rows its variants; one with variants keeps them', async () => {
    const record = { ...sleeve({ sku: 'IMP-SLV-1', stock: 5 }), gender: null };
    await shop.services.catalog.importMany(shop.storeId, [record]);
    const found = await shop.services.catalog.findSku(shop.storeId, 'IMP-SLV-1');
    expect(found).toBeDefined();
    const id = found?.id ?? '';
    expect(await stocks(id)).toEqual({
      'IMP-SLV-1-13INCH-GREY': 2,
      'IMP-SLV-1-13INCH-OLIVE': 1,
      'IMP-SLV-1-15INCH-GREY': 1,
      'IMP-SLV-1-15INCH-OLIVE': 1,
    });
    // The same file again, with another stock: the variants stay as they are.
    await shop.services.catalog.importMany(shop.storeId, [{ ...record, stock: 40 }]);
    expect(await stocks(id)).toEqual({
      'IMP-SLV-1-13INCH-GREY': 2,
      'IMP-SLV-1-13INCH-OLIVE': 1,
      'IMP-SLV-1-15INCH-GREY': 1,
      'IMP-SLV-1-15INCH-OLIVE': 1,
    });
    expect((await productOf(id)).stock).toBe(5);
  });

  it("sells the demo shop's products with sizes or colours per variant: the sleeve per size and colour, the stand per colour", async () => {
    const withLists = demoProducts.filter((product) => variantsFromLists(product).variants.length > 0);
    expect(withLists.map((product) => product.sku)).toEqual(expect.arrayContaining(['NK-LAP-001', 'NK-LAP-002']));
    for (const demo of withLists) {
      const found = await shop.services.catalog.findSku(shop.storeId, demo.sku);
      const shown = await productOf(found?.id ?? '');
      const expected = variantsFromLists(demo);
      expect(shown.variants?.map((variant) => [variant.sku, Object.values(variant.options), variant.stock])).toEqual(
        expected.variants.map((variant) => [variant.sku, variant.values, variant.stock]),
      );
      expect(shown.stock).toBe(demo.stock);
    }
    const sleeveRow = await shop.services.catalog.findSku(shop.storeId, 'NK-LAP-002');
    const sleeveShown = await productOf(sleeveRow?.id ?? '');
    expect(sleeveShown.options).toEqual([
      { name: 'Size', values: ['13"', '14"', '15.6"'] },
      { name: 'Colour', values: ['Navy', 'Charcoal', 'Olive'] },
    ]);
    expect(sleeveShown.variants?.find((variant) => variant.sku === 'NK-LAP-002-15.6-OLIVE')).toMatchObject({
      options: { Size: '15.6"', Colour: 'Olive' },
      stock: 17,
      price: 899,
    });
    const standRow = await shop.services.catalog.findSku(shop.storeId, 'NK-LAP-001');
    expect(await stocks(standRow?.id ?? '')).toEqual({ 'NK-LAP-001-SILVER': 38, 'NK-LAP-001-SPACEGREY': 37 });
  });
});
