import { type Product, productPath } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

/** Files of 10 products, so the demo catalogue spans several sitemap files as a large one would. */
const PAGE_SIZE = 10;
let shop: TestShop;

beforeAll(async () => {
  shop = await startShop({ app: { sitemapPageSize: PAGE_SIZE } });
});
afterAll(() => shop.close());

const get = (url: string, host = 'localhost') => shop.app.inject({ method: 'GET', url, headers: { host } });
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');

describe('robots.txt', () => {
  it("keeps search engines out of the personal pages and names the sitemap on the store's own host, not the Host asked", async () => {
    const robots = await get('/robots.txt', 'evil.example');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    const lines = robots.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/cart', '/checkout', '/account', '/orders', '/payment', '/admin']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /products');
    // A forged Host reaches the default store, whose links stay on its configured host.
    expect(lines).toContain('Sitemap: http://localhost/sitemap.xml');
    expect(robots.body).not.toContain('evil.example');
  });
});

describe('the sitemap', () => {
  it('lists every visible product exactly once across its files, with when it last changed, and no hidden one', async () => {
    const listed = (await client(shop.app).get('/products?limit=100')).json() as { data: Product[] };
    const hidden = listed.data[3] as Product;
    await shop.services.catalog.updateBySku(shop.storeId, hidden.sku, { hidden: true });
    const visible = listed.data.filter((product) => product.id !== hidden.id);

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locsOf(index.body);
    const productFiles = files.filter((file) => /sitemap-products-\d+\.xml$/.test(file));
    expect(files).toContain('http://localhost/sitemap-pages.xml');
    expect(productFiles).toHaveLength(Math.ceil(visible.length / PAGE_SIZE));

    const addresses: string[] = [];
    for (const file of productFiles) {
      const part = await get(new URL(file).pathname);
      expect(part.statusCode).toBe(200);
      const urls = [...part.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)];
      // Each product in English and in Hindi.
      expect(urls.length).toBeLessThanOrEqual(PAGE_SIZE * 2);
      addresses.push(...urls.map((match) => match[1] ?? '').filter((address) => !address.includes('/hi/')));
    }
    const addressOf = (product: { id: string; title: string }) =>
      `http://localhost${productPath({ id: product.id, name: product.title })}`;
    expect(addresses.toSorted()).toEqual(visible.map(addressOf).toSorted());
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses).not.toContain(addressOf(hidden));
    expect((await get(`/sitemap-products-${productFiles.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get('/sitemap-products-0.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-products-abc.xml')).statusCode).toBe(404);
  });

  it("lists the shop's own pages: home, listings of its categories, policies and contact", async () => {
    const pages = locsOf((await get('/sitemap-pages.xml')).body);
    expect(pages).toContain('http://localhost/');
    expect(pages).toContain('http://localhost/products?category=lan+adapters');
    expect(pages).toContain('http://localhost/refund');
    expect(pages).toContain('http://localhost/contact');
    expect(pages.some((page) => page.includes('/cart'))).toBe(false);
  });

  it('names each page in English and in Hindi, each version pointing at the other and English as the default', async () => {
    const pages = (await get('/sitemap-pages.xml')).body;
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(locsOf(pages)).toContain('http://localhost/hi/products');
    const entryOf = (loc: string) =>
      [...pages.matchAll(/<url>(.*?)<\/url>/g)].find((entry) => entry[1]?.startsWith(`<loc>${loc}</loc>`))?.[1];
    for (const loc of ['http://localhost/products', 'http://localhost/hi/products']) {
      const entry = entryOf(loc);
      expect(entry, loc).toContain('<xhtml:link rel="alternate" hreflang="en-IN" href="http://localhost/products"/>');
      expect(entry, loc).toContain(
        '<xhtml:link rel="alternate" hreflang="hi-IN" href="http://localhost/hi/products"/>',
      );
      expect(entry, loc).toContain(
        '<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost/products"/>',
      );
    }
    const products = (await get('/sitemap-products-1.xml')).body;
    const first = locsOf(products)[0] ?? '';
    expect(locsOf(products)).toContain(first.replace('http://localhost/', 'http://localhost/hi/'));
  });

  it("is each store's own: another host's sitemap holds none of this store's products", async () => {
    const info = (await client(shop.app).get('/storeInfo')).json();
    await shop.services.stores.create(
      'gadgets.example',
      { ...info, storeName: 'Gadgets & Co', categories: ['Chargers'] },
      { isDefault: false },
    );
    const index = await get('/sitemap.xml', 'gadgets.example');
    // A store on its own domain is served over https behind the proxy: its links say so.
    expect(locsOf(index.body)).toEqual(['https://gadgets.example/sitemap-pages.xml']);
    expect(locsOf((await get('/sitemap-pages.xml', 'gadgets.example')).body)).toContain(
      'https://gadgets.example/products?category=chargers',
    );
    expect((await get('/sitemap-products-1.xml', 'gadgets.example')).statusCode).toBe(404);
  });

  it('names only the configured host when the store is reached on an extra host or its api. host', async () => {
    const gadgets = await shop.services.stores.byHost('gadgets.example');
    if (!gadgets) throw new Error('the gadgets store is made by the test before');
    await shop.services.stores.updateAddress(gadgets.id, {
      host: 'gadgets.example',
      port: null,
      extraHosts: ['www.gadgets.example'],
    });
    for (const host of ['www.gadgets.example', 'api.gadgets.example', 'www.gadgets.example:8443']) {
      const robots = await get('/robots.txt', host);
      expect(robots.body, host).toContain('Sitemap: https://gadgets.example/sitemap.xml');
      const pages = locsOf((await get('/sitemap-pages.xml', host)).body);
      expect(pages, host).toContain('https://gadgets.example/products?category=chargers');
      expect(
        pages.every((page) => page.startsWith('https://gadgets.example/')),
        host,
      ).toBe(true);
    }
  });
});
