import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Product, ProductListResponse, productPath } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

/**
 * The storefront's Hindi pages as the server sends them: the storefront's own renderer (built here
 * from web/src/entry-server.tsx, as `npm run build` builds it) rendering /hi/… in Hindi, with
 * `<html lang="hi">` and hreflang links both ways, and the shopper's chosen language remembered.
 */
let shop: TestShop;
let webDist: string;
let product: Product;

const web = path.resolve(import.meta.dirname, '../../web');

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-hindi-'));
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  execFileSync(
    process.execPath,
    [vite, 'build', '--ssr', 'src/entry-server.tsx', '--outDir', path.join(webDist, 'server'), '--logLevel', 'error'],
    { cwd: web, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
  );
  // The page around the rendered app, as the build writes it from web/index.html.
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  shop = await startShop({ app: { webDistDir: webDist } });
  product = ProductListResponse.parse((await client(shop.app).get('/products?limit=1')).json()).data[0] as Product;
}, 120_000);
afterAll(async () => {
  await shop?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );

describe('the Hindi pages', () => {
  it('/hi/products is rendered on the server in Hindi, lang="hi", with its language alternates', async () => {
    const page = await get('/hi/products');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="hi">');
    expect(page.body).toContain('सभी प्रोडक्ट');
    // The product's Hindi title where the merchant gave one (the demo's first product has one), else its English.
    const inHindi = ProductListResponse.parse((await client(shop.app).get('/products?limit=1&lang=hi')).json())
      .data[0] as Product;
    expect(page.body).toContain(inHindi.title);
    // Its address stays the English one's.
    expect(inHindi.addressTitle).toBe(product.title);
    expect(alternates(page.body)).toEqual({
      'en-IN': 'http://localhost/products',
      'hi-IN': 'http://localhost/hi/products',
      'x-default': 'http://localhost/products',
    });
    expect(page.body).toContain('<link rel="canonical" href="http://localhost/hi/products" />');
    // Its Devanagari font is the shop's own file, asked for at once.
    expect(page.body).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/noto-sans-devanagari-[^"]+\.woff2" \/>/,
    );
  });

  it('/products stays English and links to its Hindi page, and to nothing of the Hindi font', async () => {
    const page = await get('/products');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('All Products');
    expect(alternates(page.body)['hi-IN']).toBe('http://localhost/hi/products');
    expect(page.body).not.toContain('rel="preload" as="font"');
    // The language switch: a plain link to the same page in Hindi.
    expect(page.body).toMatch(/<a href="\/hi\/products" hrefLang="hi" lang="hi"[^>]*>हिन्दी<\/a>/);
  });

  it("a product's Hindi page has its own address, and the spec's /hi/product/{id} moves to it", async () => {
    const own = productPath({ id: product.id, name: product.title });
    const moved = await get(`/hi/product/${product.id}`);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/hi${own}`);
    const page = await get(`/hi${own}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="hi">');
    expect(alternates(page.body)['en-IN']).toBe(`http://localhost${own}`);
  });

  it('a shopper who chose Hindi is sent to the Hindi page; one who chose English, or never chose, is not', async () => {
    const chosen = await get('/products?q=hub', { cookie: 'lang=hi' });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe('/hi/products?q=hub');
    expect((await get('/products', { cookie: 'lang=en' })).statusCode).toBe(200);
    expect((await get('/products', { cookie: 'lang=xx' })).statusCode).toBe(200);
    expect((await get('/hi/products', { cookie: 'lang=hi' })).statusCode).toBe(200);
  });

  it('an address under an unknown language prefix is the 404 page, never a 500', async () => {
    const page = await get('/xx/products');
    expect(page.statusCode).toBe(404);
  });
});
