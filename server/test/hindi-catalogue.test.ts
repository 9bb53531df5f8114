import {
  AccountExport,
  AccountInfo,
  AdminProduct,
  CatalogueImportReport,
  CategoriesResponse,
  CategoryNamesResponse,
  Product,
  ProductListResponse,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, signUp, startShop, type TestShop } from './harness.js';

/**
 * The catalogue in Hindi: the merchant gives products and categories Hindi names (back office,
 * catalogue files), and the shopper's API answers in Hindi when asked with `lang=hi`, English
 * where no Hindi was given, and exactly as before without it.
 */
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

const aProduct = (overrides: Record<string, unknown> = {}) => ({
  sku: `HI-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  title: 'Braided USB-C Charging Cable',
  description: 'Nylon braided, 1.5 m.',
  // Not a BIS-notified category: the catalogue's export reads back without R-numbers.
  category: 'Laptop Accessories',
  parentCategory: 'Cables',
  regularPrice: 599,
  stock: 20,
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}) {
  const answer = await admin.post('/admin/products', { product: aProduct(overrides) });
  expect(answer.statusCode, answer.body).toBe(201);
  return AdminProduct.parse(answer.json());
}

const productIn = async (id: string, query = '') => {
  const answer = await http().get(`/products/${id}${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return Product.parse(answer.json());
};

/** A multipart/form-data body with one file, as a browser's form sends it. */
function upload(url: string, name: string, bytes: Buffer) {
  const boundary = '----hindiboundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return admin.send('POST', url, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

describe('a product in Hindi', () => {
  it('is saved with its Hindi title and description, and answered in Hindi only when asked', async () => {
    const product = await created({ titleHi: 'ब्रेडेड USB-C चार्जिंग केबल', descriptionHi: 'नायलॉन से बुनी, 1.5 मीटर।' });
    expect(product).toMatchObject({ titleHi: 'ब्रेडेड USB-C चार्जिंग केबल', descriptionHi: 'नायलॉन से बुनी, 1.5 मीटर।' });

    expect(await productIn(product.id, '?lang=hi')).toMatchObject({
      title: 'ब्रेडेड USB-C चार्जिंग केबल',
      description: 'नायलॉन से बुनी, 1.5 मीटर।',
    });
    const english = await productIn(product.id);
    expect(english).toMatchObject({ title: 'Braided USB-C Charging Cable', description: 'Nylon braided, 1.5 m.' });
    expect(await productIn(product.id, '?lang=en')).toEqual(english);
  });

  it('falls back to English where no Hindi was given, field by field', async () => {
    const plain = await created();
    expect(plain).toMatchObject({ titleHi: null, descriptionHi: null });
    expect(await productIn(plain.id, '?lang=hi')).toMatchObject({
      title: 'Braided USB-C Charging Cable',
      description: 'Nylon braided, 1.5 m.',
    });
    const titleOnly = await created({ titleHi: 'केवल शीर्षक' });
    expect(await productIn(titleOnly.id, '?lang=hi')).toMatchObject({
      title: 'केवल शीर्षक',
      description: 'Nylon braided, 1.5 m.',
    });
  });

  it('keeps its Hindi texts when a form without them saves it, and drops them when emptied', async () => {
    const product = await created({ titleHi: 'पुराना शीर्षक' });
    const { id, createdAt: _c, updatedAt, titleHi: _t, descriptionHi: _d, ...record } = product;
    const kept = await admin.send('PUT', `/admin/products/${id}`, { product: { ...record, stock: 21 }, updatedAt });
    expect(kept.statusCode, kept.body).toBe(200);
    const afterKept = AdminProduct.parse(kept.json());
    expect(afterKept.titleHi).toBe('पुराना शीर्षक');

    const emptied = await admin.send('PUT', `/admin/products/${id}`, {
      product: { ...record, titleHi: '' },
      updatedAt: afterKept.updatedAt,
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(AdminProduct.parse(emptied.json()).titleHi).toBeNull();
    expect((await productIn(id, '?lang=hi')).title).toBe('Braided USB-C Charging Cable');
  });

  it('refuses a Hindi title that is too long, naming the field', async () => {
    const answer = await admin.post('/admin/products', { product: aProduct({ titleHi: 'क'.repeat(201) }) });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('titleHi must be at most 200 characters.');
  });
});

describe('the listing in Hindi', () => {
  it('lists the demo products with their Hindi titles and the English ones beside them', async () => {
    const answer = await http().get('/products?category=Cables%20%26%20Chargers&limit=100&lang=hi');
    expect(answer.statusCode, answer.body).toBe(200);
    const listing = ProductListResponse.parse(answer.json());
    const bySku = new Map(listing.data.map((product) => [product.sku, product.title]));
    expect(bySku.get('NK-CAB-001')).toBe('65 W GaN USB-C चार्जर');
    expect(bySku.get('NK-CAB-003')).toBe('Cat 6 Ethernet Cable');
    // Facet values stay the English filter values, with the Hindi names beside them.
    expect(listing.facets.types).toContainEqual(expect.objectContaining({ value: 'Chargers', label: 'चार्जर' }));

    const english = ProductListResponse.parse(
      (await http().get('/products?category=Cables%20%26%20Chargers&limit=100')).json(),
    );
    expect(english.data.find((product) => product.sku === 'NK-CAB-001')?.title).toBe('65 W GaN USB-C Charger');
    expect(english.facets.types.every((type) => type.label === undefined)).toBe(true);
  });

  it('keeps each language its own answer and tag: a cached English answer is never given in Hindi', async () => {
    const english = await http().get('/products/suggest?q=charger');
    const hindi = await http().get('/products/suggest?q=charger&lang=hi');
    const englishAgain = await http().get('/products/suggest?q=charger');
    expect(hindi.body).not.toBe(english.body);
    expect(hindi.headers.etag).not.toBe(english.headers.etag);
    expect(englishAgain.body).toBe(english.body);
    // The language is part of the URL, so a cache in front keys on it; a 304 is only for its own tag.
    const revalidated = await http().raw({
      method: 'GET',
      url: '/api/v1/products/suggest?q=charger&lang=hi',
      headers: { host: 'localhost:8044', 'if-none-match': String(english.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
  });

  it('refuses a language it does not have, naming the field', async () => {
    for (const url of ['/products?lang=fr', '/products/NK-CAB-001?lang=hindi', '/categories?lang=xx']) {
      const answer = await http().get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.body, url).toContain('lang must be one of en, hi.');
    }
  });
});

describe('categories in Hindi', () => {
  it('lists the shown categories and types with their Hindi names, English where none', async () => {
    const hindi = CategoriesResponse.parse((await http().get('/categories?lang=hi')).json());
    expect(hindi.categories).toContainEqual({ name: 'Cables & Chargers', label: 'केबल और चार्जर' });
    expect(hindi.types).toContainEqual({ name: 'Chargers', label: 'चार्जर' });
    expect(hindi.types).toContainEqual({ name: 'Powered Hubs', label: 'Powered Hubs' });
    const english = CategoriesResponse.parse((await http().get('/categories')).json());
    expect(english.types).toContainEqual({ name: 'Chargers', label: 'Chargers' });
  });

  it('takes Hindi names from the back office, any case of the English name, and drops an emptied one', async () => {
    const set = await admin.send('PUT', '/admin/category-names', {
      names: [
        { name: 'powered hubs', titleHi: 'पावर्ड हब' },
        { name: 'Chargers', titleHi: '' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const names = CategoryNamesResponse.parse(set.json()).names;
    expect(names).toContainEqual({ name: 'powered hubs', titleHi: 'पावर्ड हब' });
    expect(names.some((entry) => entry.name === 'chargers')).toBe(false);

    const hindi = CategoriesResponse.parse((await http().get('/categories?lang=hi')).json());
    expect(hindi.types).toContainEqual({ name: 'Powered Hubs', label: 'पावर्ड हब' });
    expect(hindi.types).toContainEqual({ name: 'Chargers', label: 'Chargers' });
    // Put back for the other tests.
    await admin.send('PUT', '/admin/category-names', { names: [{ name: 'Chargers', titleHi: 'चार्जर' }] });
  });

  it('refuses a name without its English category, naming the field', async () => {
    const answer = await admin.send('PUT', '/admin/category-names', { names: [{ titleHi: 'हब' }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('name is required.');
  });
});

describe('specification labels in Hindi', () => {
  it("labels a product's specifications and the listing's filters in Hindi, their keys English", async () => {
    const hub = ProductListResponse.parse((await http().get('/products?q=NK-HUB-001&lang=hi')).json()).data[0];
    expect(hub?.attributes).toContainEqual(expect.objectContaining({ key: 'Ports', label: 'पोर्ट' }));
    const page = await productIn(String(hub?.id), '?lang=hi');
    expect(page.attributes).toContainEqual(expect.objectContaining({ key: 'Ports', label: 'पोर्ट' }));
    const english = await productIn(String(hub?.id));
    expect(english.attributes.every((attribute) => attribute.label === undefined)).toBe(true);

    const hubs = ProductListResponse.parse((await http().get('/products?category=USB%20Hubs&lang=hi')).json());
    expect(hubs.facets.attributes).toContainEqual(expect.objectContaining({ key: 'Ports', label: 'पोर्ट' }));
    // The filter is still asked by the English key.
    const filtered = await http().get(
      `/products?category=USB%20Hubs&lang=hi&attr.Ports=${hubs.facets.attributes.find((a) => a.key === 'Ports')?.values[0]?.value}`,
    );
    expect(filtered.statusCode).toBe(200);
    expect(ProductListResponse.parse(filtered.json()).count).toBeGreaterThan(0);
  });

  it('takes Hindi labels from the back office', async () => {
    const set = await admin.send('PUT', '/admin/specification-names', {
      names: [{ name: 'Chipset', titleHi: 'चिपसेट' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(CategoryNamesResponse.parse(set.json()).names).toContainEqual({ name: 'chipset', titleHi: 'चिपसेट' });
    const listed = CategoryNamesResponse.parse((await admin.get('/admin/specification-names')).json()).names;
    expect(listed).toContainEqual({ name: 'ports', titleHi: 'पोर्ट' });
    const adapter = ProductListResponse.parse((await http().get('/products?q=NK-LAN-001&lang=hi')).json()).data[0];
    expect(adapter?.attributes).toContainEqual(expect.objectContaining({ key: 'Chipset', label: 'चिपसेट' }));
    // A specification's Hindi name is no category's.
    const categories = CategoriesResponse.parse((await http().get('/categories?lang=hi')).json());
    expect(categories.types.some((type) => type.label === 'चिपसेट')).toBe(false);
  });
});

describe('catalogue files', () => {
  const header = 'sku,title,description,category,parentCategory,regularPrice,stock,title_hi,description_hi';

  it('imports the title_hi and description_hi columns and exports them, reading back unchanged', async () => {
    const file = Buffer.from(
      [header, 'CSV-HI-1,Desk Hub,Four ports.,USB Hubs,USB-A Hubs,1299,5,डेस्क हब,चार पोर्ट।'].join('\n'),
    );
    const done = await upload('/admin/products/import', 'catalogue.csv', file);
    expect(done.statusCode, done.body).toBe(200);
    expect(CatalogueImportReport.parse(done.json())).toMatchObject({ written: true, created: 1 });

    const listed = ProductListResponse.parse((await http().get('/products?q=CSV-HI-1&lang=hi')).json());
    expect(listed.data[0]).toMatchObject({ sku: 'CSV-HI-1', title: 'डेस्क हब', description: 'चार पोर्ट।' });
    const inEnglish = ProductListResponse.parse((await http().get('/products?q=CSV-HI-1')).json());
    expect(inEnglish.data[0]).toMatchObject({ title: 'Desk Hub', description: 'Four ports.' });

    const exported = await admin.get('/admin/products/export.csv');
    expect(exported.statusCode).toBe(200);
    const [columns] = exported.body.replace(/^\uFEFF/, '').split('\n');
    expect(columns).toContain(',title_hi,description_hi,');
    expect(exported.body).toContain('डेस्क हब,चार पोर्ट।');

    const again = await upload('/admin/products/import?dryRun=true', 'catalogue.csv', Buffer.from(exported.body));
    expect(again.statusCode, again.body).toBe(200);
    expect(CatalogueImportReport.parse(again.json())).toMatchObject({ created: 0, updated: 0 });
  });

  it("reads the fields' own names too (titleHi), and a changed Hindi title is a change to titleHi", async () => {
    const file = Buffer.from(
      ['sku,title,category,regularPrice,stock,titleHi', 'CSV-HI-1,Desk Hub,USB Hubs,1299,5,नया डेस्क हब'].join('\n'),
    );
    const dry = CatalogueImportReport.parse((await upload('/admin/products/import?dryRun=true', 'c.csv', file)).json());
    expect(dry.changes).toContainEqual(
      expect.objectContaining({ sku: 'CSV-HI-1', change: 'update', fields: expect.arrayContaining(['titleHi']) }),
    );
  });

  it('names the Hindi columns among the known ones when a header is wrong', async () => {
    const answer = await upload('/admin/products/import', 'c.csv', Buffer.from('sku,title,titel_hi\nX,Y,Z'));
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("unknown column 'titel_hi'");
    expect(answer.body).toContain('title_hi, description_hi');
  });
});

describe("the shopper's language on the account", () => {
  it('is English until the signed-in shopper sets Hindi, and is kept', async () => {
    const { token } = await signUp(shop.app);
    expect(AccountInfo.parse((await http().get('/accountInfo', token)).json()).language).toBe('en');
    const set = await http().post('/account/language', { language: 'hi' }, token);
    expect(set.statusCode, set.body).toBe(200);
    expect(AccountInfo.parse(set.json()).language).toBe('hi');
    expect(AccountInfo.parse((await http().get('/accountInfo', token)).json()).language).toBe('hi');
    // The shopper's copy of their data says so too.
    const copy = await http().post('/account/export', {}, token);
    expect(copy.statusCode, copy.body).toBe(200);
    expect(AccountExport.parse(copy.json()).account.language).toBe('hi');
  });

  it('refuses a language it does not have, and a shopper who is not signed in', async () => {
    const { token } = await signUp(shop.app);
    const bad = await http().post('/account/language', { language: 'fr' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('language must be one of en, hi.');
    expect((await http().post('/account/language', { language: 'hi' })).statusCode).toBe(401);
  });
});
