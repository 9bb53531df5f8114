import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../src/app.js';
import { migrateToLatest, openDatabase } from '../src/db/open.js';
import type { Database } from '../src/db/schema.js';
import { demoStoreInfo } from '../src/seed/demo-store.js';
import { RELAXED_LIMITS } from './harness.js';

/** The one-process mode: the built storefront, its assets and the product pictures beside the API. */
let app: FastifyInstance;
let db: Database;
let webDist: string;
let merchantMedia: string;
// What the build writes inside the page: the script that holds taps made before the app's code arrives.
const earlyScript = 'globalThis.netkartEarlyActions={};';
const bigScript = 'export const rupee = (n) => "₹" + n;\n'.repeat(400);

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  // As big as a rendered page's frame: pages, like every answer, go out compressed.
  const frame = `<p>${'Tech accessories for India. '.repeat(80)}</p>`;
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><head><script>${earlyScript}</script><title>NetKart</title></head>${frame}<div id="root"></div>`,
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("shop")');
  // What the build writes beside a large asset: its brotli and gzip copies.
  const asset = path.join(webDist, 'assets', 'vendor-8d2e4b.js');
  fs.writeFileSync(asset, bigScript);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(bigScript));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(bigScript));
  merchantMedia = fs.mkdtempSync(path.join(os.tmpdir(), 'store-media-'));
  fs.mkdirSync(path.join(merchantMedia, 'products'));
  fs.writeFileSync(path.join(merchantMedia, 'products', 'my-hub.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(merchantMedia, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" id="merchant"/>');
  ({ db } = openDatabase({ databaseUrl: undefined, dataDir: ':memory:' }));
  await migrateToLatest(db);
  app = await buildApp({ db, rateLimits: RELAXED_LIMITS, webDistDir: webDist, merchantMediaDir: merchantMedia });
  // Before any store exists, pages say how to create one instead of showing an empty shop.
  const before = await app.inject({ method: 'GET', url: '/products', headers: { host: 'localhost' } });
  if (before.statusCode !== 503 || !before.body.includes('npm run store -- init')) {
    throw new Error(`a shop without a store answered ${before.statusCode}`);
  }
  await createServices(db).stores.create('localhost', demoStoreInfo, { isDefault: true });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(merchantMedia, { recursive: true, force: true });
});

describe('serving the storefront', () => {
  it('sends pages compressed when the browser accepts it', async () => {
    const response = await app.inject({ url: '/products', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends a form posted to a page before the page was interactive back to the page, its fields nowhere', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=asha%40example.in&password=s3cret-Pass',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    const api = await app.inject({ method: 'POST', url: '/api/v1/no-such-thing', payload: {} });
    expect(api.statusCode).toBe(404);
  });

  it("allows the page's own inline script by its hash, and no other inline script", async () => {
    const response = await app.inject({ url: '/products' });
    expect(response.body).toContain(`<script>${earlyScript}</script>`);
    const scriptSrc = String(response.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('script-src '));
    const hash = createHash('sha256').update(earlyScript).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('answers every storefront route with the app page', async () => {
    for (const url of ['/', '/products?category=LAN%20Adapters', '/product/abc', '/no-such-page']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches content-hashed assets for good', async () => {
    const response = await app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves product pictures, and a JSON 404 for unknown API calls and missing pictures', async () => {
    const logo = await app.inject({ url: '/media/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect((await app.inject({ url: '/media/products/missing.svg' })).statusCode).toBe(404);
    const unknown = await app.inject({ url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Not found.' });
  });

  it('sends the build’s compressed copy of an asset to a browser that takes it, and says so to caches', async () => {
    const url = '/assets/vendor-8d2e4b.js';
    const brotli = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(bigScript);
    expect(brotli.rawPayload.length).toBeLessThan(bigScript.length / 10);
    const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(bigScript);
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    for (const response of [brotli, gzip, plain]) {
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it("serves the merchant's own pictures beside the demo ones, the demo ones first", async () => {
    const own = await app.inject({ url: '/media/products/my-hub.svg' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('image/svg+xml');
    const logo = await app.inject({ url: '/media/logo.svg' });
    expect(logo.body).not.toContain('id="merchant"');
  });

  it('never serves a file outside the picture folders', async () => {
    const secret = path.join(path.dirname(merchantMedia), `${path.basename(merchantMedia)}.txt`);
    fs.writeFileSync(secret, 'not a picture');
    const name = path.basename(secret);
    try {
      for (const url of [
        `/media/../${name}`,
        `/media/%2e%2e/${name}`,
        `/media/..%2f${name}`,
        `/media/%2e%2e%2f${name}`,
      ]) {
        const response = await app.inject({ url });
        expect(response.body, url).not.toContain('not a picture');
      }
    } finally {
      fs.rmSync(secret);
    }
  });
});
