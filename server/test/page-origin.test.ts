import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStoreInfo } from '../src/seed/demo-store.js';
import { startShop, type TestShop } from './harness.js';

/**
 * A page rendered on the server names its own address (canonical link, shared links) from the
 * store's configured host: a storefront build whose renderer writes back the address it is given.
 */
let shop: TestShop;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'store-page-origin-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><!--app-head--></head><body></body>');
  fs.mkdirSync(path.join(webDist, 'server'));
  fs.writeFileSync(
    path.join(webDist, 'server', 'entry-server.js'),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the file written is JavaScript with a template literal of its own
    'exports.render = async (request) => ({ status: 200, head: `<link rel="canonical" href="${request.url}">`, html: "", state: "" });\n',
  );
  shop = await startShop({ app: { webDistDir: webDist } });
  const own = await shop.services.stores.create(
    'shop.example.in',
    { ...demoStoreInfo, storeName: 'Own' },
    { isDefault: false },
  );
  await shop.services.stores.updateAddress(own.id, {
    host: 'shop.example.in',
    port: null,
    extraHosts: ['www.shop.example.in'],
  });
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const canonicalAt = async (host: string, url = '/products?category=cables') => {
  const page = await shop.app.inject({ method: 'GET', url, headers: { host } });
  expect(page.statusCode, host).toBe(200);
  return /<link rel="canonical" href="([^"]*)">/.exec(page.body)?.[1];
};

describe("a page's own address", () => {
  it('is on the configured host when the store is reached on an extra host, whatever the port', async () => {
    for (const host of ['shop.example.in', 'www.shop.example.in', 'www.shop.example.in:8443']) {
      expect(await canonicalAt(host), host).toBe('https://shop.example.in/products?category=cables');
    }
  });

  it('never copies a forged Host: an unknown one reaches the default store, whose address it names', async () => {
    expect(await canonicalAt('evil.example', '/')).toBe('http://localhost/');
  });
});
