import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Product,
  ProductListResponse,
  productCode,
  productPath,
  productSlug,
  SHARE_CARD,
  shareCardUrl,
} from '@netkart/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let mediaDir: string;
let webDist: string;
let products: Product[];

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-media-'));
  // A storefront build whose renderer writes back the address it renders, so a redirect shows apart from a page.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><!--app-head--></head><body></body>');
  fs.mkdirSync(path.join(webDist, 'server'));
  fs.writeFileSync(
    path.join(webDist, 'server', 'entry-server.js'),
    'exports.render = async (request) => ({ status: 200, head: \'<meta name="rendered" content="\' + request.url + \'">\', html: "", state: "" });\n',
  );
  shop = await startShop({ app: { merchantMediaDir: mediaDir, webDistDir: webDist } });
  products = ProductListResponse.parse((await client(shop.app).get('/products?limit=100')).json()).data;
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });

async function expectShareCard(url: string) {
  const card = await get(url);
  expect(card.statusCode, url).toBe(200);
  expect(card.headers['content-type']).toBe('image/jpeg');
  const metadata = await sharp(card.rawPayload).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: 'jpeg',
    width: SHARE_CARD.width,
    height: SHARE_CARD.height,
  });
  return card.rawPayload;
}

/** The colour of one pixel of a JPEG, each channel rounded to tens (JPEG is lossy). */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)].map((channel) => Math.min(250, Math.round(channel / 10) * 10));
}

describe('link previews (og:image)', () => {
  it("makes a 1200×630 JPEG from a demo product's first picture, an SVG drawing", async () => {
    const product = products.find((candidate) => candidate.images[0]?.url.endsWith('.svg'));
    if (!product) throw new Error('no demo product with a drawing');
    await expectShareCard(shareCardUrl(product.images[0]?.url));
  });

  it('letterboxes a tall picture on white, whole, and makes the card again when the picture changes', async () => {
    fs.mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
    const file = path.join(mediaDir, 'products', 'tall-stand.png');
    const tall = (colour: string) =>
      sharp({ create: { width: 400, height: 800, channels: 3, background: colour } })
        .png()
        .toFile(file);
    await tall('#16a34a');
    const url = shareCardUrl('/media/products/tall-stand.png');
    expect(url).toBe('/pictures/share/products/tall-stand.png.jpg');

    const first = await expectShareCard(url);
    // The picture stands whole in the middle; white fills the sides.
    expect(await pixel(first, 20, 315)).toEqual([250, 250, 250]);
    expect(await pixel(first, 1180, 315)).toEqual([250, 250, 250]);
    expect(await pixel(first, 600, 10)).toEqual([20, 160, 70]);
    expect(await pixel(first, 600, 620)).toEqual([20, 160, 70]);

    // Kept: asked again, the same bytes.
    expect((await expectShareCard(url)).equals(first)).toBe(true);
    await tall('#dc2626');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const second = await expectShareCard(url);
    expect(second.equals(first)).toBe(false);
    expect(await pixel(second, 600, 315)).toEqual([220, 40, 40]);
  });

  it("gives every other page the store's own raster card", async () => {
    await expectShareCard('/share-card.jpg');
    expect(shareCardUrl(undefined)).toBe('/share-card.jpg');
    expect(shareCardUrl('https://cdn.example/hub.webp')).toBe('/share-card.jpg');
  });

  it.each([
    '/pictures/share/products/nothing-here.png.jpg',
    '/pictures/share/products/tall-stand.png.webp',
    '/pictures/share/..%2F..%2Fpackage.json.jpg',
  ])('answers 404 to %s', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('readable product addresses: /product/{slug}-{code}', () => {
  const pathOf = (product: { id: string; title: string }) => productPath({ id: product.id, name: product.title });

  it('gives every product, imported or added one by one, the code of its id', async () => {
    const added = await shop.services.catalog.createOne(shop.storeId, {
      sku: 'NK-ADDR-001',
      title: 'Café Stand: Aluminium & Steel',
      description: 'Holds a phone.',
      category: 'Accessories',
      parentCategory: null,
      gender: null,
      regularPrice: 499,
      discountedPrice: null,
      stock: 3,
      images: [],
      attributes: [],
    });
    expect(pathOf(added)).toBe(`/product/cafe-stand-aluminium-and-steel-${productCode(added.id)}`);
    const rows = await shop.db.selectFrom('products').select(['id', 'address_code']).execute();
    expect(rows.length).toBeGreaterThan(products.length);
    for (const row of rows) expect(row.address_code, row.id).toBe(productCode(row.id));
  });

  it('moves the spec’s /product/{id} for good (301) to the readable address, before rendering, query kept', async () => {
    const product = products[0] as Product;
    const old = await get(`/product/${product.id}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(pathOf(product));
    expect((await get(`/product/${encodeURIComponent(product.id)}?ref=whatsapp`)).headers.location).toBe(
      `${pathOf(product)}?ref=whatsapp`,
    );

    const page = await get(pathOf(product));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta name="rendered" content="http://localhost${pathOf(product)}">`);
  });

  it('finds a product by its address through the API, and a renamed product’s old address moves to its new one', async () => {
    const product = products[1] as Product;
    const before = pathOf(product);
    const byAddress = await client(shop.app).get(`/products/${before.slice('/product/'.length)}`);
    expect(byAddress.statusCode).toBe(200);
    expect((byAddress.json() as Product).id).toBe(product.id);

    await shop.db.updateTable('products').set({ title: 'Renamed Charger 65W' }).where('id', '=', product.id).execute();
    const moved = await get(before);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/product/renamed-charger-65w-${productCode(product.id)}`);
    // Any words before the code: the code decides.
    expect((await get(`/product/whatever-${productCode(product.id)}`)).headers.location).toBe(moved.headers.location);
    expect((await get(moved.headers.location as string)).statusCode).toBe(200);
  });

  it('moves nothing for an address no visible product has: the page says not found as before', async () => {
    const hidden = products[2] as Product;
    await shop.services.catalog.updateBySku(shop.storeId, hidden.sku, { hidden: true });
    for (const url of [
      `/product/${hidden.id}`,
      pathOf(hidden),
      '/product/no-such-thing-0000000000',
      `/product/${'x'.repeat(500)}`,
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers.location, url).toBeUndefined();
    }
    expect(
      (await client(shop.app).get(`/products/${productSlug(hidden.title)}-${productCode(hidden.id)}`)).statusCode,
    ).toBe(404);
  });
});
