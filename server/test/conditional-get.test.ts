import zlib from 'node:zlib';
import { OrderStatus, StoreInfo } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import { encodingFor, PUBLIC_READ_CACHING, SIGNED_IN_READ_CACHING } from '../src/http/conditional-get.js';
import type { ProductInput } from '../src/modules/catalog/product-row.js';
import { CatalogService } from '../src/modules/catalog/service.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let product: { id: string };
const input: ProductInput = {
  sku: 'CG-HUB-1',
  title: 'Seven-port USB Hub',
  description: 'A hub for the desk.',
  category: 'Hubs',
  parentCategory: null,
  gender: null,
  regularPrice: 1499,
  discountedPrice: null,
  stock: 10,
  images: [],
  attributes: [],
};

beforeAll(async () => {
  shop = await startShop();
  product = await shop.services.catalog.createOne(shop.storeId, input);
});
afterAll(() => shop.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { host: 'localhost:8044', ...headers } });

describe('conditional catalogue and store reads', () => {
  const reads = () => ['/products', `/products/${product.id}`, '/products/suggest?q=hub', '/storeInfo'];

  it('tag every read, and answer 304 without a body when the client holds that tag', async () => {
    for (const url of reads()) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const tag = String(first.headers.etag);
      expect(tag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe(PUBLIC_READ_CACHING);

      const again = await get(url, { 'if-none-match': tag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(tag);
      expect(again.headers['cache-control'], url).toBe(PUBLIC_READ_CACHING);
      expect(String(again.headers.vary), url).toMatch(/accept-encoding/i);

      // Among other tags, or the same tag taken as strong: still the same answer.
      const listed = await get(url, { 'if-none-match': `W/"other", ${tag.slice(2)}` });
      expect(listed.statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': 'W/"other"' })).statusCode, url).toBe(200);
    }
  });

  it('give the same tag to a compressed answer, and 304 to a client asking for it compressed', async () => {
    const plain = await get('/products');
    const compressed = await get('/products', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    const again = await get('/products', { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('give a new tag once a price changes', async () => {
    const before = {
      product: String((await get(`/products/${product.id}`)).headers.etag),
      listing: String((await get('/products?category=Hubs')).headers.etag),
    };
    await shop.services.catalog.updateOne(shop.storeId, product.id, { ...input, regularPrice: 1299 }, {});
    const after = await get(`/products/${product.id}`, { 'if-none-match': before.product });
    expect(after.statusCode).toBe(200);
    expect(after.json().regularPrice).toBe(1299);
    expect(after.headers.etag).not.toBe(before.product);
    const listing = await get('/products?category=Hubs', { 'if-none-match': before.listing });
    expect(listing.statusCode).toBe(200);
    expect(listing.headers.etag).not.toBe(before.listing);
  });

  it("never answer one store's tag with 304 on another host, even when both answers are the same bytes", async () => {
    const { paymentMode: _mode, ...details } = StoreInfo.parse((await get('/storeInfo')).json());
    for (const host of ['first.example', 'second.example']) {
      await shop.services.stores.create(host, { ...details, storeName: 'Twin' }, { isDefault: false });
    }
    for (const url of ['/products', '/storeInfo']) {
      const first = await get(url, { host: 'first.example' });
      const second = await get(url, { host: 'second.example' });
      expect(second.body, url).toBe(first.body);
      expect(second.headers.etag, url).not.toBe(first.headers.etag);
      const crossed = await get(url, { host: 'second.example', 'if-none-match': String(first.headers.etag) });
      expect(crossed.statusCode, url).toBe(200);
      // The API's own host names the same store as the storefront's.
      const viaApi = await get(url, { host: 'api.first.example', 'if-none-match': String(first.headers.etag) });
      expect(viaApi.statusCode, url).toBe(304);
    }
  });

  it("keep a signed-in shopper's reads to their own browser, and their own answers out of every cache", async () => {
    const { token } = await signUp(shop.app);
    const read = await client(shop.app).get('/products', token);
    expect(read.headers['cache-control']).toBe(SIGNED_IN_READ_CACHING);
    const account = await client(shop.app).get('/accountInfo', token);
    expect(account.headers['cache-control']).toBe('private, no-store');
    expect(account.headers.etag).toBeUndefined();
  });

  it('tag no error', async () => {
    const missing = await get('/products/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe("whole answers kept by the store's revision", () => {
  const stockOf = async (id: string) => (await get(`/products/${id}`)).json().stock as number;

  it('show the stock an order left and a cancellation returned, in a product and in its listing', async () => {
    const kept = await shop.services.catalog.createOne(shop.storeId, { ...input, sku: 'CG-KEPT-1', stock: 7 });
    const listed = async () =>
      ((await get('/products?category=Hubs&limit=50')).json().data as { id: string; stock: number }[]).find(
        (row) => row.id === kept.id,
      )?.stock;
    expect(await stockOf(kept.id)).toBe(7);
    expect(await listed()).toBe(7);
    const shopper = await signUp(shop.app);
    const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
      products: { [kept.id]: 2 },
      shippingAddress: validAddress,
    });
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(kept.id)).toBe(5);
    expect(await listed()).toBe(5);
    await shop.services.orders.move(shop.storeId, placed.json().id, OrderStatus.Cancelled);
    expect(await stockOf(kept.id)).toBe(7);
  });

  it('stop showing a product the merchant hid', async () => {
    const hiding = await shop.services.catalog.createOne(shop.storeId, { ...input, sku: 'CG-HIDE-1' });
    expect((await get(`/products/${hiding.id}`)).statusCode).toBe(200);
    const ids = async () =>
      ((await get('/products?category=Hubs&limit=50')).json().data as { id: string }[]).map((row) => row.id);
    expect(await ids()).toContain(hiding.id);
    await shop.services.catalog.updateBySku(shop.storeId, 'CG-HIDE-1', { hidden: true });
    expect((await get(`/products/${hiding.id}`)).statusCode).toBe(404);
    expect(await ids()).not.toContain(hiding.id);
  });

  it('serve a price another process changed within a second of its commit', async () => {
    const other = openDatabase(shop.target);
    try {
      const changing = await shop.services.catalog.createOne(shop.storeId, { ...input, sku: 'CG-OTHER-1' });
      expect((await get(`/products/${changing.id}`)).json().regularPrice).toBe(1499);
      await new CatalogService(other.db).updateOne(
        shop.storeId,
        changing.id,
        { ...input, sku: 'CG-OTHER-1', regularPrice: 1199 },
        {},
      );
      const committed = Date.now();
      let price = 0;
      while (Date.now() - committed < 1000) {
        price = (await get(`/products/${changing.id}`)).json().regularPrice;
        if (price === 1199) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(price).toBe(1199);
    } finally {
      await other.db.destroy();
    }
  });
});

describe('compressed catalogue reads, kept by their tag', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['gzip;q=0', undefined],
    ['', undefined],
  ])('Accept-Encoding %j is answered with %s', (asked, chosen) => {
    expect(encodingFor(asked)).toBe(chosen);
  });

  it('answer each client in the encoding it accepts, the same JSON every time', async () => {
    const plain = await get('/products?limit=24', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Asked twice each, in turns: the kept bytes of one encoding never go to a client of another.
    for (let round = 0; round < 2; round += 1) {
      const brotli = await get('/products?limit=24', { 'accept-encoding': 'gzip, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
      const gzip = await get('/products?limit=24', { 'accept-encoding': 'br;q=0, gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
      const none = await get('/products?limit=24');
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.json()).toEqual(plain.json());
      for (const answer of [brotli, gzip, none]) {
        expect(answer.headers.etag).toBe(plain.headers.etag);
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      }
    }
    const fromPage = await get('/products?limit=24', { 'accept-encoding': 'br', origin: 'http://localhost:5173' });
    expect(String(fromPage.headers.vary).toLowerCase().split(/,\s*/)).toEqual(['origin', 'accept-encoding']);
  });
});
