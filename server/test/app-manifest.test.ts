import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const manifestOf = async (host: string) => {
  const response = await shop.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('application/manifest+json');
  return response.json() as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
};

describe('the web app manifest', () => {
  it('names the store of the host asked, installable with its icons, which the storefront ships', async () => {
    const demo = await manifestOf('localhost');
    expect(demo).toMatchObject({ name: 'NetKart', short_name: 'NetKart', start_url: '/', display: 'standalone' });
    expect(demo.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of demo.icons) {
      expect(fs.existsSync(path.resolve(import.meta.dirname, '../../web/public', `.${icon.src}`)), icon.src).toBe(true);
    }

    const info = (await client(shop.app).get('/storeInfo')).json();
    await shop.services.stores.create(
      'sarees.example',
      { ...info, storeName: 'Banarasi Weaves of Varanasi' },
      { isDefault: false },
    );
    const other = await manifestOf('sarees.example');
    expect(other.name).toBe('Banarasi Weaves of Varanasi');
    expect(other.short_name.length).toBeLessThanOrEqual(12);
  });
});
