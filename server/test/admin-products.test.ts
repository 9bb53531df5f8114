import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdminProduct,
  AdminProductListResponse,
  CatalogueImportReport,
  Order,
  type Product,
  ProductRecord,
  pictureSources,
  STALE_PRODUCT,
  UploadedPicture,
} from '@netkart/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;
let mediaDir: string;
const http = () => client(shop.app);

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-media-'));
  shop = await startShop({ app: { merchantMediaDir: mediaDir } });
  const { email, password } = await addStaff(shop, { role: 'catalogue' });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const aProduct = (overrides: Record<string, unknown> = {}) => ({
  sku: `BO-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  title: 'USB-C to 2.5G Ethernet Adapter',
  description: 'Realtek RTL8156B, aluminium body.',
  category: 'LAN Adapters',
  parentCategory: 'USB-C',
  regularPrice: 2499,
  discountedPrice: 1999,
  stock: 12,
  hidden: false,
  images: [],
  attributes: [{ key: 'Speed', value: ['2.5 Gbps'], metricUnit: null }],
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}) {
  const answer = await admin.post('/admin/products', { product: aProduct(overrides) });
  expect(answer.statusCode).toBe(201);
  return AdminProduct.parse(answer.json());
}

/** A multipart/form-data body with one file, as a browser's form sends it. */
function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = '----storeboundary7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (url: string, name: string, type: string, bytes: Buffer) => {
  const { payload, headers } = multipart(name, type, bytes);
  return admin.send('POST', url, payload, headers);
};

describe('the product table', () => {
  it('finds products by title words or SKU, hidden ones too, and filters by category and stock', async () => {
    const hidden = await created({ title: 'Hidden Thunderbolt Dock', hidden: true, stock: 0 });
    const byTitle = AdminProductListResponse.parse((await admin.get('/admin/products?q=thunderbolt%20dock')).json());
    expect(byTitle.data.map((product) => product.id)).toContain(hidden.id);
    // Words in any order, the last one still being typed.
    const asTyped = AdminProductListResponse.parse(
      (await admin.get('/admin/products?q=dock%20hidden%20thunderb')).json(),
    );
    expect(asTyped.data.map((product) => product.id)).toEqual([hidden.id]);
    expect(AdminProductListResponse.parse((await admin.get('/admin/products?q=%22*%3A')).json()).total).toBe(0);
    const bySku = AdminProductListResponse.parse(
      (await admin.get(`/admin/products?q=${hidden.sku.toLowerCase()}`)).json(),
    );
    expect(bySku.data).toEqual([expect.objectContaining({ id: hidden.id, hidden: true, stock: 0 })]);

    const out = AdminProductListResponse.parse((await admin.get('/admin/products?stock=out&limit=100')).json());
    expect(out.data.every((product) => product.stock === 0)).toBe(true);
    expect(out.lowStockThreshold).toBe(5);
    const lan = AdminProductListResponse.parse((await admin.get('/admin/products?category=lan%20adapters')).json());
    expect(lan.data.every((product) => product.category === 'LAN Adapters')).toBe(true);
    expect(lan.categories).toContain('LAN Adapters');
  });

  it('counts a search afresh after a product is added, edited away or sold out, and the low-stock list always', async () => {
    const totalOf = async (query: string) =>
      AdminProductListResponse.parse((await admin.get(`/admin/products?${query}`)).json()).total;
    const categoriesListed = async () =>
      AdminProductListResponse.parse((await admin.get('/admin/products')).json()).categories;
    const before = await totalOf('q=quokka');
    expect(await categoriesListed()).not.toContain('Quokka Gear');
    const quokka = await created({ title: 'Quokka Laptop Stand', stock: 1, category: 'Quokka Gear' });
    expect(await totalOf('q=quokka')).toBe(before + 1);
    expect(await categoriesListed()).toContain('Quokka Gear');
    expect(await totalOf('q=quokka&stock=out')).toBe(0);
    const low = await totalOf('stock=low');

    await shop.services.catalog.setStock(shop.storeId, quokka.id, { stock: 0, stockSeen: 1 });
    expect(await totalOf('q=quokka&stock=out')).toBe(1);
    expect(await totalOf('stock=low')).toBe(low);
    await shop.services.catalog.setStock(shop.storeId, quokka.id, { stock: 3, stockSeen: 0 });
    expect(await totalOf('stock=low')).toBe(low);
    await shop.db.updateTable('products').set({ stock: 200 }).where('id', '=', quokka.id).execute();
    expect(await totalOf('stock=low')).toBe(low - 1);

    await shop.services.catalog.deleteBySkus(shop.storeId, [quokka.sku], { hideOrdered: false });
    expect(await totalOf('q=quokka')).toBe(before);
    expect(await categoriesListed()).not.toContain('Quokka Gear');
  });

  it("counts and pages a search within the merchant's own store, whether it matches few products or many", async () => {
    const { paymentMode: _mode, ...details } = (await http().get('/storeInfo')).json();
    const other = await shop.services.stores.create(
      'second.example',
      { ...details, storeName: 'Second' },
      { isDefault: false },
    );
    await shop.services.catalog.createOne(
      other.id,
      ProductRecord.parse(aProduct({ title: 'Zephyrine Travel Hub', sku: 'ZEP-OTHER' })),
    );
    const byWords = await created({ title: 'Zephyrine Travel Hub', sku: 'TRV-1' });
    const byWordsAndSku = await created({ title: 'Zephyrine Dock', sku: 'ZEPHYRINE-2', hidden: true });
    const another = await created({ title: 'Plain Stand', sku: 'PLN-3' });

    const listed = AdminProductListResponse.parse((await admin.get('/admin/products?q=zephyrine')).json());
    expect(listed.total).toBe(2);
    expect(listed.data.map((product) => product.id).sort()).toEqual([byWords.id, byWordsAndSku.id].sort());
    expect(AdminProductListResponse.parse((await admin.get('/admin/products?q=pln-')).json()).data).toEqual([
      expect.objectContaining({ id: another.id }),
    ]);

    // A page is read one way for a few matches and another for many: both give the same products.
    const search = shop.services.catalog.wordsOrSku(shop.storeId, 'zephyrine');
    if (!search) throw new Error('zephyrine has words');
    expect(await search.count()).toBe(2);
    const page = async (matches: number) =>
      shop.db
        .selectFrom('products')
        .select('id')
        .where('store_id', '=', shop.storeId)
        .where(await search.condition(matches))
        .orderBy('position')
        .orderBy('id')
        .execute();
    expect(await page(1_000_000)).toEqual(await page(2));
    expect((await page(2)).map((row) => row.id).sort()).toEqual([byWords.id, byWordsAndSku.id].sort());
  });
});

describe('the product form', () => {
  it('creates a product the shopper sees at once, with its price', async () => {
    const product = await created();
    const seen = (await http().get(`/products/${product.id}`)).json() as Product;
    expect(seen).toMatchObject({ title: product.title, regularPrice: 2499, discountedPrice: 1999, stock: 12 });
  });

  it("says which field is wrong: another product's SKU in any case, a discount above the price", async () => {
    const first = await created();
    const twin = await admin.post('/admin/products', { product: aProduct({ sku: first.sku.toLowerCase() }) });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ error: `Another product has the SKU ${first.sku}.`, field: 'sku' });

    const dearer = await admin.post('/admin/products', { product: aProduct({ discountedPrice: 2600 }) });
    expect(dearer.statusCode).toBe(400);
    expect(dearer.json()).toEqual({
      error: 'discountedPrice cannot be more than regularPrice.',
      field: 'product.discountedPrice',
    });
  });

  it('changes the price a shopper sees and pays, and logs it before → after', async () => {
    const [product] = await orderableProducts(shop.app, 10);
    if (!product) throw new Error('no product');
    const editing = AdminProduct.parse((await admin.get(`/admin/products/${product.id}`)).json());
    const saved = await admin.send('PUT', `/admin/products/${product.id}`, {
      product: { ...stripIds(editing), regularPrice: 999, discountedPrice: null },
      updatedAt: editing.updatedAt,
      stockSeen: editing.stock,
    });
    expect(saved.statusCode).toBe(200);

    expect(((await http().get(`/products/${product.id}`)).json() as Product).regularPrice).toBe(999);
    const shopper = await signUp(shop.app);
    const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
      products: { [product.id]: 1 },
      shippingAddress: validAddress,
    });
    expect(Order.parse(placed.json()).total).toBe(999);

    const { rows } = await shop.services.audit.list(shop.storeId, { offset: 0, limit: 10 });
    const entry = rows.find((row) => row.action === 'product.update' && row.subject === `product:${editing.sku}`);
    expect(JSON.parse(entry?.before_json ?? '{}')).toMatchObject({ regularPrice: editing.regularPrice });
    expect(JSON.parse(entry?.after_json ?? '{}')).toMatchObject({ regularPrice: 999, discountedPrice: null });
  });

  it('refuses a stale form, keeps stock that orders moved, and refuses a stock typed over a moved one', async () => {
    const product = await created({ stock: 10 });
    const stale = await admin.send('PUT', `/admin/products/${product.id}`, {
      product: { ...stripIds(product), title: 'Renamed' },
      updatedAt: '2020-01-01T00:00:00.000Z',
      stockSeen: 10,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: STALE_PRODUCT });

    // A shopper buys 3 while the form is open.
    const shopper = await signUp(shop.app);
    await client(shop.app, { token: shopper.token }).post('/orders', {
      products: { [product.id]: 3 },
      shippingAddress: validAddress,
    });
    const renamed = await admin.send('PUT', `/admin/products/${product.id}`, {
      product: { ...stripIds(product), title: 'Renamed' },
      updatedAt: product.updatedAt,
      stockSeen: 10,
    });
    expect(AdminProduct.parse(renamed.json())).toMatchObject({ title: 'Renamed', stock: 7 });

    const overTyped = await admin.post(`/admin/products/${product.id}/stock`, { stock: 20, stockSeen: 10 });
    expect(overTyped.statusCode).toBe(409);
    expect(overTyped.json()).toMatchObject({ field: 'stock', error: expect.stringContaining('it is 7 now') });
    const quick = await admin.post(`/admin/products/${product.id}/stock`, { stock: 20, stockSeen: 7 });
    expect(AdminProduct.parse(quick.json()).stock).toBe(20);
  });
});

describe('pictures', () => {
  it('keeps a real picture under the media folder with its size, served at its address', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const answer = await upload('/admin/pictures', 'adapter.jpg', 'image/jpeg', png);
    expect(answer.statusCode).toBe(201);
    const picture = UploadedPicture.parse(answer.json());
    // Checked by content: a PNG named .jpg is a PNG.
    expect(picture).toMatchObject({
      url: expect.stringMatching(/^\/media\/products\/[0-9a-f]{24}\.png$/),
      width: 640,
      height: 480,
    });
    const served = await shop.app.inject({ method: 'GET', url: picture.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('serves phone-sized WebP and AVIF copies of an uploaded picture, never wider than it', async () => {
    const png = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const picture = UploadedPicture.parse((await upload('/admin/pictures', 'dock.png', 'image/png', png)).json());
    const sources = pictureSources(picture);
    expect(sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    const name = picture.url.slice('/media/'.length);
    expect(sources[1]?.srcSet).toBe(
      [320, 480, 640, 960].map((width) => `/pictures/${width}/${name}.webp ${width}w`).join(', ') +
        `, /pictures/1280/${name}.webp 1000w`,
    );

    for (const [url, format, width] of [
      [`/pictures/480/${name}.webp`, 'webp', 480],
      [`/pictures/1280/${name}.avif`, 'heif', 1000],
    ] as const) {
      const copy = await shop.app.inject({ method: 'GET', url });
      expect(copy.statusCode, url).toBe(200);
      expect(copy.headers['content-type']).toBe(`image/${url.endsWith('avif') ? 'avif' : 'webp'}`);
      const metadata = await sharp(copy.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width }).toEqual({ format, width });
      expect(copy.rawPayload.length).toBeLessThan(png.length);
    }

    for (const url of [
      `/pictures/500/${name}.webp`,
      `/pictures/480/${name}.gif`,
      '/pictures/480/products/nothing-here.png.webp',
      '/pictures/480/products/nk-cab-001.svg.gif',
      '/pictures/480/..%2F..%2F..%2Fpackage.json.webp',
      '/pictures/480/%2Fetc%2Fhostname.webp',
    ])
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it("serves the shop's SVG drawings as WebP and AVIF too, drawn at the width asked and never wider", async () => {
    const drawing = { url: '/media/products/nk-cab-001.svg', width: 800 };
    const sources = pictureSources(drawing);
    expect(sources[0]?.srcSet).toBe(
      '/pictures/320/products/nk-cab-001.svg.avif 320w, /pictures/480/products/nk-cab-001.svg.avif 480w, ' +
        '/pictures/640/products/nk-cab-001.svg.avif 640w, /pictures/960/products/nk-cab-001.svg.avif 800w',
    );
    for (const [url, format, width] of [
      ['/pictures/480/products/nk-cab-001.svg.webp', 'webp', 480],
      ['/pictures/960/products/nk-cab-001.svg.avif', 'heif', 800],
    ] as const) {
      const copy = await shop.app.inject({ method: 'GET', url });
      expect(copy.statusCode, url).toBe(200);
      const metadata = await sharp(copy.rawPayload).metadata();
      expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format,
        width,
        height: width,
      });
    }
  });

  it('refuses what is not a picture, a cut-short one and one over 5 MB, and keeps nothing of them', async () => {
    const before = fs.readdirSync(path.join(mediaDir, 'products'));
    const text = await upload('/admin/pictures', 'photo.png', 'image/png', Buffer.from('not a picture at all'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      field: 'file',
      error: expect.stringMatching(/^This file is not a PNG, JPEG, WebP or AVIF picture/),
    });

    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const cut = await upload('/admin/pictures', 'cut.jpg', 'image/jpeg', jpeg.subarray(0, jpeg.length / 2));
    expect(cut.statusCode).toBe(400);

    const huge = await upload('/admin/pictures', 'huge.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'The picture is larger than 5 MB.', field: 'file' });
    expect(fs.readdirSync(path.join(mediaDir, 'products'))).toEqual(before);
  });

  it.each(['png', 'jpeg', 'webp'] as const)(
    'refuses a %s cut short only in its last rows: every row is read, not a sample of them',
    async (format) => {
      const before = fs.readdirSync(path.join(mediaDir, 'products'));
      // Noise, at a size no shrink divides evenly, so the missing bytes are pixels of the last rows.
      const whole = await sharp({
        create: {
          width: 1001,
          height: 777,
          channels: 3,
          background: '#fff',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .toFormat(format)
        .toBuffer();
      const cut = await upload('/admin/pictures', `cut.${format}`, `image/${format}`, whole.subarray(0, -200));
      expect(cut.statusCode).toBe(400);
      expect(fs.readdirSync(path.join(mediaDir, 'products'))).toEqual(before);
      expect((await upload('/admin/pictures', `whole.${format}`, `image/${format}`, whole)).statusCode).toBe(201);
    },
  );

  it('refuses a picture bomb (a small file of 16000×16000 pixels) by its pixels, before decoding it', async () => {
    const before = fs.readdirSync(path.join(mediaDir, 'products'));
    // About 280 KB that unpacks to 256 million pixels.
    const bomb = await sharp({
      create: { width: 16000, height: 16000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload('/admin/pictures', 'bomb.png', 'image/png', bomb);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      error: 'The picture is 16000×16000 pixels; at most 40 megapixels.',
      field: 'file',
    });
    expect(fs.readdirSync(path.join(mediaDir, 'products'))).toEqual(before);
  }, 60_000);
});

describe('catalogue files from the browser', () => {
  const csv = (rows: string[]) =>
    Buffer.from(
      [
        'sku,title,description,category,parentCategory,gender,regularPrice,discountedPrice,stock,hidden,images,attributes',
        ...rows,
      ].join('\n'),
    );

  it('reports every bad row and writes nothing; a good file is written and a dry run lists what would change', async () => {
    const bad = await upload(
      '/admin/products/import',
      'catalogue.csv',
      'text/csv',
      csv([
        'CSV-1,Flat Cat6 Cable,,LAN Adapters,,,449,,10,false,,',
        'CSV-2,Dearer Discount,,LAN Adapters,,,100,200,10,false,,',
      ]),
    );
    expect(bad.statusCode).toBe(400);
    const report = CatalogueImportReport.parse(bad.json());
    expect(report).toMatchObject({ written: false, created: 0 });
    expect(report.problems).toEqual([{ line: 3, message: expect.stringContaining('discountedPrice') }]);
    expect(AdminProductListResponse.parse((await admin.get('/admin/products?q=CSV-1')).json()).total).toBe(0);

    const good = csv(['CSV-1,Flat Cat6 Cable,,LAN Adapters,,,449,,10,false,,']);
    const dry = CatalogueImportReport.parse(
      (await upload('/admin/products/import?dryRun=true', 'catalogue.csv', 'text/csv', good)).json(),
    );
    expect(dry).toMatchObject({ written: false, created: 1, changes: [{ sku: 'CSV-1', change: 'new', fields: [] }] });
    const done = CatalogueImportReport.parse(
      (await upload('/admin/products/import', 'catalogue.csv', 'text/csv', good)).json(),
    );
    expect(done).toMatchObject({ written: true, created: 1 });
    expect(AdminProductListResponse.parse((await admin.get('/admin/products?q=CSV-1')).json()).total).toBe(1);
  });

  it('exports the catalogue as a CSV that Excel reads as UTF-8', async () => {
    const answer = await admin.get('/admin/products/export.csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-localhost-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(answer.body.startsWith('\uFEFFsku,title,description,category')).toBe(true);
    expect(answer.body).toContain('CSV-1,Flat Cat6 Cable');
    const log = await shop.db
      .selectFrom('audit_log')
      .select(['actor', 'subject'])
      .where('action', '=', 'catalogue.export')
      .execute();
    expect(log).toContainEqual({ actor: expect.stringMatching(/^staff:/), subject: 'catalogue' });
  });
});

function stripIds(product: AdminProduct) {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...record } = product;
  return record;
}
