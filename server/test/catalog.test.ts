import { Product, ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
});
afterAll(() => shop.close());

const list = async (query = '') => {
  const response = await http.get(`/products${query}`);
  expect(response.statusCode).toBe(200);
  return ProductListResponse.parse(response.json());
};

describe('GET /products', () => {
  it('answers 12 products by default with the total of the whole catalogue', async () => {
    const page = await list();
    expect(page.data).toHaveLength(12);
    expect(page.count).toBeGreaterThanOrEqual(40);
    expect(page.pagination).toEqual({ page: 1, limit: 12, total: page.count });
  });

  it('pages through the catalogue in a stable order, each product once', async () => {
    const { count } = await list('?limit=100');
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(count / 7); page++) {
      const { data } = await list(`?limit=7&page=${page}`);
      seen.push(...data.map((product) => product.id));
    }
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    const again = await list('?limit=7&page=2');
    expect(again.data.map((p) => p.id)).toEqual(seen.slice(7, 14));
  });

  it('matches the category whatever its case, and counts only the matches', async () => {
    const lower = await list('?category=lan%20adapters&limit=100');
    const mixed = await list('?category=LAN%20Adapters&limit=100');
    expect(lower.count).toBeGreaterThan(0);
    expect(lower.count).toBe(lower.data.length);
    expect(mixed.data.map((p) => p.id)).toEqual(lower.data.map((p) => p.id));
    expect(lower.data.every((p) => p.category === 'LAN Adapters')).toBe(true);
  });

  it('filters by parent category and by featured', async () => {
    const all = await list('?category=lan%20adapters&limit=100');
    const parent = all.data[0]?.parentCategory;
    expect(parent).toBeTruthy();
    const byParent = await list(
      `?category=lan%20adapters&parentCategory=${encodeURIComponent(String(parent).toUpperCase())}`,
    );
    expect(byParent.count).toBeGreaterThan(0);
    expect(byParent.data.every((p) => p.parentCategory === parent)).toBe(true);

    const featured = await list('?featured=true&limit=100');
    expect(featured.count).toBeGreaterThan(0);
    for (const product of featured.data) {
      expect(product.attributes.some((a) => a.key.toLowerCase() === 'featured' && a.value.includes('true'))).toBe(true);
    }
  });

  it('serves images from our own server with their sizes', async () => {
    const { data } = await list('?limit=100');
    for (const product of data) {
      expect(product.imgUrl).toMatch(/^\/media\/products\/[\w.-]+\.svg$/);
      expect(product.images[0]).toMatchObject({ url: product.imgUrl, width: 800, height: 800 });
      const image = await shop.app.inject({ method: 'GET', url: product.imgUrl });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/image\/svg\+xml/);
    }
  });

  it('answers an empty page past the end', async () => {
    const page = await list('?page=999');
    expect(page.data).toEqual([]);
    expect(page.count).toBeGreaterThan(0);
  });

  it.each([
    ['?limit=101', 'limit must be at most 100.'],
    ['?limit=0', 'limit must be at least 1.'],
    ['?page=-1', 'page must be at least 1.'],
    ['?page=abc', 'page must be a whole number.'],
    ['?page=1.5', 'page must be a whole number.'],
    ['?featured=yes', "featured must be 'true' or 'false'."],
    [`?category=${'x'.repeat(500)}`, 'category must be at most 100 characters.'],
  ])('rejects %s', async (query, message) => {
    const response = await http.get(`/products${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
  });

  it('treats injection strings as plain text', async () => {
    const page = await list(`?category=${encodeURIComponent("' OR 1=1 --")}`);
    expect(page).toMatchObject({ data: [], count: 0 });
  });
});

describe('GET /products/{id}', () => {
  it('returns one product, and 404 for an unknown id', async () => {
    const { data } = await list();
    const first = data[0];
    if (!first) throw new Error('no products');
    const one = await http.get(`/products/${first.id}`);
    expect(one.statusCode).toBe(200);
    // The product's page carries its options and variants besides what the listing shows.
    const { options, variants, ...asListed } = Product.parse(one.json());
    expect(asListed).toEqual(first);
    expect(options).toEqual([]);
    expect(variants).toEqual([
      {
        sku: first.sku,
        options: {},
        price: first.discountedPrice ?? first.regularPrice,
        regularPrice: first.regularPrice,
        discountedPrice: first.discountedPrice,
        mrp: first.mrp,
        stock: first.stock,
        images: first.images,
      },
    ]);

    const missing = await http.get('/products/00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found.' });
  });
});
