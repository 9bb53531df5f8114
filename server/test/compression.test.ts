import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from './harness.js';

/** Shoppers on mobile data: answers of any size go out compressed when the browser accepts it. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const get = (url: string, acceptEncoding: string) =>
  shop.app.inject({ url, headers: { host: 'localhost', 'accept-encoding': acceptEncoding } });

describe('compressed answers', () => {
  it('sends a product listing as brotli or gzip, the same JSON once unpacked', async () => {
    const url = '/api/v1/products?limit=24';
    const plain = await get(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await get(url, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('sends product pictures compressed', async () => {
    const { data } = (await get('/api/v1/products?limit=1', 'identity')).json() as { data: { imgUrl: string }[] };
    const picture = await get(data[0]?.imgUrl ?? '', 'br');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(picture.rawPayload).toString()).toContain('<svg');
  });

  it('leaves small answers as they are', async () => {
    const health = await get('/api/v1/health', 'br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
