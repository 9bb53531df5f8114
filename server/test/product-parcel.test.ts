import { AdminProduct, AdminProductListResponse, CatalogueImportReport, ShippingQuote } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  shop = await startShop();
  const { email, password } = await addStaff(shop);
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(() => shop.close());

const aProduct = (overrides: Record<string, unknown> = {}) => ({
  sku: `PX-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  title: 'Wi-Fi 6 Mesh Router',
  description: 'Two-pack.',
  category: 'Routers',
  regularPrice: 5999,
  stock: 5,
  ...overrides,
});

const upload = (url: string, csv: string) => {
  const boundary = '----parcelboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.send('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
};

describe("a product's parcel weight and size", () => {
  it('is saved from the product form and shown in the answer; blank is none', async () => {
    const answer = await admin.post('/admin/products', {
      product: aProduct({ weightGrams: 1200, lengthCm: 30, breadthCm: 20, heightCm: 10 }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const product = AdminProduct.parse(answer.json());
    expect(product).toMatchObject({ weightGrams: 1200, lengthCm: 30, breadthCm: 20, heightCm: 10 });
    const row = await shop.db
      .selectFrom('products')
      .select(['weight_grams', 'length_cm', 'breadth_cm', 'height_cm'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(Object.values(row).map(Number)).toEqual([1200, 30, 20, 10]);

    const plain = AdminProduct.parse((await admin.post('/admin/products', { product: aProduct() })).json());
    expect(plain).toMatchObject({ weightGrams: null, lengthCm: null, breadthCm: null, heightCm: null });
  });

  it.each([
    [{ weightGrams: -5 }, 'product.weightGrams', 'weightGrams must be more than 0.'],
    [{ weightGrams: 12.5 }, 'product.weightGrams', 'weightGrams must be a whole number of grams.'],
    [{ weightGrams: 100_001 }, 'product.weightGrams', 'weightGrams must be at most 100000 grams.'],
    [{ heightCm: 501 }, 'product.heightCm', 'heightCm must be at most 500 cm.'],
  ])('refuses %o, naming the field', async (parcel, field, message) => {
    const answer = await admin.post('/admin/products', { product: aProduct(parcel) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field, error: expect.stringContaining(message) });
  });

  it('comes in and goes out with the catalogue CSV, and the shipping quote weighs by it', async () => {
    const header =
      'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden,images,attributes,weightGrams,lengthCm,breadthCm,heightCm';
    const bad = await upload(
      '/admin/products/import',
      `${header}\nPCSV-1,Cable Reel,,Cables,,,999,,20,false,,,heavy,,,\n`,
    );
    expect(bad.statusCode).toBe(400);
    expect(CatalogueImportReport.parse(bad.json()).problems).toEqual([
      { line: 2, message: expect.stringContaining('weightGrams must be a whole number of grams.') },
    ]);

    const good = `${header}\nPCSV-1,Cable Reel,,Cables,,,999,,20,false,,,"2,400",40,30,20\n`;
    const done = await upload('/admin/products/import', good);
    expect(done.statusCode, done.body).toBe(200);
    const listed = AdminProductListResponse.parse((await admin.get('/admin/products?q=PCSV-1')).json());
    const id = listed.data[0]?.id ?? '';
    const product = AdminProduct.parse((await admin.get(`/admin/products/${id}`)).json());
    expect(product).toMatchObject({ weightGrams: 2400, lengthCm: 40, breadthCm: 30, heightCm: 20 });

    // The same file again changes nothing; a new weight is a change to weightGrams alone.
    const again = CatalogueImportReport.parse((await upload('/admin/products/import?dryRun=true', good)).json());
    expect(again).toMatchObject({ created: 0, updated: 0 });
    const heavier = CatalogueImportReport.parse(
      (await upload('/admin/products/import?dryRun=true', good.replace('"2,400"', '3000'))).json(),
    );
    expect(heavier.changes).toEqual([expect.objectContaining({ sku: 'PCSV-1', fields: ['weightGrams'] })]);

    const exported = (await admin.get('/admin/products/export.csv')).body;
    expect(exported.split('\n')[0]).toMatch(/,netQuantity,bisRegistration,weightGrams,lengthCm,breadthCm,heightCm,/);
    // The Hindi texts' and the variants' columns follow, blank for this product.
    expect(exported).toMatch(/PCSV-1,Cable Reel,.*,2400,40,30,20,,,,,,,,,\r?\n/);

    // 40 × 30 × 20 / 5000 = 4.8 kg: more than the 2.4 kg it weighs.
    const quote = await client(shop.app).post('/shipping/quote', { items: [{ productId: id, quantity: 1 }] });
    expect(ShippingQuote.parse(quote.json()).weightGrams).toBe(4800);
  });
});
