import {
  AdminProduct,
  AdminStoreDetails,
  CatalogueImportReport,
  type Product,
  ProductListResponse,
  StoreInfo,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, storeOfItsOwn, type TestShop } from './harness.js';

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;
let own: Awaited<ReturnType<typeof storeOfItsOwn>>;

const IMPORTER = 'Shreeji Imports, 14 Park Street, Kolkata 700016';

const aProduct = (sku: string, category: string, countryOfOrigin: string | null, overrides: object = {}) => ({
  sku,
  title: `Travel Kettle ${sku}`,
  description: '',
  category,
  parentCategory: null,
  gender: null,
  regularPrice: 1000,
  discountedPrice: null,
  stock: 3,
  images: [],
  attributes: [],
  countryOfOrigin,
  importer: countryOfOrigin && countryOfOrigin !== 'India' ? IMPORTER : null,
  ...overrides,
});

beforeAll(async () => {
  shop = await startShop();
  const { email, password } = await addStaff(shop, { role: 'owner', storeId: null });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
  own = await storeOfItsOwn(shop, 'origins.example.in', 'Origins');
  await shop.services.catalog.importMany(own.storeId, [
    aProduct('OR-1', 'Kitchen', 'India'),
    aProduct('OR-2', 'Kitchen', 'India'),
    aProduct('OR-3', 'Kitchen', 'China'),
    aProduct('OR-4', 'Kitchen', 'Vietnam', { stock: 0 }),
    aProduct('OR-5', 'Garden', 'India'),
    aProduct('OR-6', 'Garden', null),
  ]);
});
afterAll(() => shop.close());

const list = async (query: string) => {
  const answer = await own.http.get(`/products?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return ProductListResponse.parse(answer.json());
};
const skus = (listing: { data: Product[] }) => listing.data.map((product) => product.sku).sort();

describe('the country-of-origin filter', () => {
  it('lists only the products made in that country, whatever the case it is written in', async () => {
    for (const spelling of ['India', 'india', 'INDIA']) {
      const listing = await list(`countryOfOrigin=${spelling}&limit=100`);
      expect(skus(listing)).toEqual(['OR-1', 'OR-2', 'OR-5']);
      expect(listing.pagination.total).toBe(3);
    }
    expect(skus(await list('countryOfOrigin=China'))).toEqual(['OR-3']);
    expect((await list('countryOfOrigin=Japan')).pagination.total).toBe(0);
    expect(skus(await list('countryOfOrigin=India&category=kitchen'))).toEqual(['OR-1', 'OR-2']);
  });

  it('counts every country in the facet beside the others, its own filter left out of its counts', async () => {
    const all = await list('');
    expect(all.facets.origins).toEqual([
      { value: 'India', count: 3 },
      { value: 'China', count: 1 },
      { value: 'Vietnam', count: 1 },
    ]);
    const kitchen = await list('category=kitchen');
    expect(kitchen.facets.origins).toEqual([
      { value: 'India', count: 2 },
      { value: 'China', count: 1 },
      { value: 'Vietnam', count: 1 },
    ]);
    // Filtered by a country, the facet still offers the others; the other facets count only its products.
    const indian = await list('countryOfOrigin=china&category=kitchen');
    expect(indian.facets.origins).toEqual(kitchen.facets.origins);
    expect(indian.facets.inStock).toBe(1);
    const inStock = await list('inStock=true');
    expect(inStock.facets.origins).toEqual([
      { value: 'India', count: 3 },
      { value: 'China', count: 1 },
    ]);
  });

  it('sorts by country of origin, A to Z, products that name none last', async () => {
    const listing = await list('sort=origin&limit=100');
    expect(listing.data.map((product) => product.countryOfOrigin)).toEqual([
      'China',
      'India',
      'India',
      'India',
      'Vietnam',
      null,
    ]);
    const second = await list('sort=origin&limit=4&page=2');
    expect(second.data.map((product) => product.sku)).toEqual(listing.data.slice(4).map((product) => product.sku));
  });

  it('refuses an overlong country with a message naming the field', async () => {
    const answer = await own.http.get(`/products?countryOfOrigin=${'x'.repeat(101)}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('countryOfOrigin');
  });
});

const upload = (url: string, csv: string) => {
  const boundary = '----bisboundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogue.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.send('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
};

const HEADER =
  'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden,images,attributes,countryOfOrigin,bisRegistration';

describe('the BIS registration (R-number)', () => {
  it('is on the demo’s chargers and cables, in the product’s answer, and the demo marks the category', async () => {
    const info = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    expect(info.bisCategories).toEqual(['Cables & Chargers']);
    const listing = ProductListResponse.parse(
      (await client(shop.app).get('/products?category=cables%20%26%20chargers&limit=100')).json(),
    );
    expect(listing.data.length).toBeGreaterThan(0);
    for (const product of listing.data) expect(product.bisRegistration).toMatch(/^R-\d{8}$/);
    const product = (await client(shop.app).get(`/products/${listing.data[0]?.id}`)).json() as Product;
    expect(product.bisRegistration).toBe(listing.data[0]?.bisRegistration);
  });

  it('is saved from the product form; a malformed one is refused naming the field', async () => {
    const base = { sku: 'BIS-FORM-1', title: 'GaN Charger 65W', category: 'Chargers', regularPrice: 2499, stock: 4 };
    for (const bad of ['R41001234', 'R-4100123', 'r-41001234', 'R-410012345', 'CM/L-1234']) {
      const answer = await admin.post('/admin/products', { product: { ...base, bisRegistration: bad } });
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json()).toMatchObject({
        field: 'product.bisRegistration',
        error: expect.stringContaining("'R-' followed by 8 digits"),
      });
    }
    const saved = await admin.post('/admin/products', { product: { ...base, bisRegistration: ' R-41001234 ' } });
    expect(saved.statusCode, saved.body).toBe(201);
    const product = AdminProduct.parse(saved.json());
    expect(product.bisRegistration).toBe('R-41001234');
    const shown = (await client(shop.app).get(`/products/${product.id}`)).json() as Product;
    expect(shown.bisRegistration).toBe('R-41001234');
  });

  it('is required on import for a BIS-notified category: the row is refused, naming row and reason, nothing written', async () => {
    const before = await shop.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    const file = [
      HEADER,
      'BIS-CSV-1,USB-C Cable 1m,,Cables & Chargers,,,399,,10,false,,,India,R-41005555',
      'BIS-CSV-2,USB-C Charger 20W,,cables & chargers,,,899,,10,false,,,India,',
      'BIS-CSV-3,Laptop Stand,,Laptop Accessories,,,1299,,10,false,,,India,',
      'BIS-CSV-4,Power Bank,,Cables & Chargers,,,1499,,10,false,,,India,R-123',
    ].join('\n');
    const answer = await upload('/admin/products/import', `${file}\n`);
    expect(answer.statusCode, answer.body).toBe(400);
    const report = CatalogueImportReport.parse(answer.json());
    expect(report.written).toBe(false);
    expect(report.problems).toEqual([
      {
        line: 3,
        message: expect.stringMatching(/bisRegistration is required: the category 'cables & chargers' is BIS-notified/),
      },
      { line: 5, message: expect.stringContaining("bisRegistration is a BIS R-number: 'R-' followed by 8 digits") },
    ]);
    const after = await shop.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
  });

  it('comes in and goes out with the catalogue CSV; a category not marked needs none', async () => {
    const file = [
      HEADER,
      'BIS-CSV-5,USB-C Cable 2m,,Cables & Chargers,,,499,,10,false,,,India,R-41005556',
      'BIS-CSV-6,Laptop Sleeve,,Laptop Accessories,,,799,,10,false,,,India,',
    ].join('\n');
    const answer = await upload('/admin/products/import', `${file}\n`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(CatalogueImportReport.parse(answer.json())).toMatchObject({ created: 2, problems: [] });
    const exported = (await admin.get('/admin/products/export.csv')).body;
    expect(exported.split('\n')[0]).toContain(',netQuantity,bisRegistration,');
    expect(exported).toMatch(/BIS-CSV-5,USB-C Cable 2m,.*,R-41005556,/);
    // The same file again changes nothing.
    const again = CatalogueImportReport.parse((await upload('/admin/products/import?dryRun=true', `${file}\n`)).json());
    expect(again).toMatchObject({ created: 0, updated: 0 });
  });

  it('marks categories as BIS-notified from the store settings', async () => {
    const saved = await admin.send('PUT', '/admin/settings/store', { bisCategories: ['Kitchen', 'Chargers'] });
    expect(saved.statusCode, saved.body).toBe(200);
    const details = AdminStoreDetails.parse((await admin.get('/admin/settings/store')).json());
    expect(details.bisCategories).toEqual(['Kitchen', 'Chargers']);
    const refused = await upload(
      '/admin/products/import?dryRun=true',
      `${HEADER}\nBIS-CSV-7,Kettle,,Kitchen,,,999,,1,false,,,India,\n`,
    );
    expect(CatalogueImportReport.parse(refused.json()).problems).toEqual([
      { line: 2, message: expect.stringContaining("the category 'Kitchen' is BIS-notified") },
    ]);
    const bad = await admin.send('PUT', '/admin/settings/store', { bisCategories: 'Kitchen' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('bisCategories');
    await admin.send('PUT', '/admin/settings/store', { bisCategories: ['Cables & Chargers'] });
  });
});
