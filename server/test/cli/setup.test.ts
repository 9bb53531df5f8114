import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop, validAddress } from '../harness.js';
import { SAMPLES_DIR, type ScratchFolder, scratchFolder, storeCommand } from './cli-harness.js';

describe('a store of one’s own', () => {
  let shop: TestShop;
  let files: ScratchFolder;
  beforeAll(async () => {
    shop = await startShop({ seedDemo: false });
    files = scratchFolder();
  });
  afterAll(async () => {
    files.remove();
    await shop.close();
  });

  it('asks for the details on a terminal, again until each is valid, and creates the store without demo data', async () => {
    const store = storeCommand(shop, files.dir, [
      'Chai Tech',
      'Chai Tech LLP',
      '12 MG Road, Pune, Maharashtra 411001',
      'not an email',
      'hello@chaitech.in',
      '+91 20 4000 1234',
      'https://chaitech.in/',
      'Shop.ChaiTech.in',
    ]);
    const result = await store('init');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('companyEmail must be an email address.');
    expect(result.stdout).toContain('Host name shoppers reach the shop on');
    expect(result.stderr).toContain("'https://chaitech.in/' is an address, not a host");
    expect(result.stdout).toContain('Created Chai Tech at https://shop.chaitech.in. Next:');
    expect((await shop.services.stores.defaultStore())?.host).toBe('shop.chaitech.in');
    const info = (await client(shop.app).get('/storeInfo')).json();
    expect(info).toMatchObject({ storeName: 'Chai Tech', companyEmail: 'hello@chaitech.in', paymentMode: 'none' });
    // Not asked: the storefront shows nothing in their place until the merchant writes them.
    for (const field of ['metaDescription', 'heroTitle', 'highlights', 'newsletterTitle', 'supportHours']) {
      expect(info).not.toHaveProperty(field);
    }
    expect((await client(shop.app).get('/products')).json().count).toBe(0);
  });

  it('refuses a second init, changing nothing', async () => {
    const store = storeCommand(shop, files.dir);
    const again = await store('init', '--file', `${SAMPLES_DIR}/store.json`);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This database already has a store: Chai Tech');
    expect((await client(shop.app).get('/storeInfo')).json().storeName).toBe('Chai Tech');
  });

  it('takes the host from --host, checked before anything is written', async () => {
    const empty = await startShop({ seedDemo: false });
    try {
      const store = storeCommand(empty, files.dir);
      const bad = await store('init', '--host', 'http://shop.example.in', '--file', `${SAMPLES_DIR}/store.json`);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain("'http://shop.example.in' is an address, not a host");
      expect(await empty.services.stores.defaultStore()).toBeUndefined();
      const made = await store('init', '--host', 'shop.example.in', '--file', `${SAMPLES_DIR}/store.json`);
      expect(made.code).toBe(0);
      expect(made.stdout).toContain('at https://shop.example.in. Next:');
    } finally {
      await empty.close();
    }
  });

  it('without a terminal, asks for a file instead of waiting for answers', async () => {
    const empty = await startShop({ seedDemo: false });
    try {
      const result = await storeCommand(empty, files.dir)('init');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('store init --file store.json');
    } finally {
      await empty.close();
    }
  });
});

describe('removing the demo', () => {
  let shop: TestShop;
  let files: ScratchFolder;
  beforeAll(async () => {
    shop = await startShop();
    files = scratchFolder();
  });
  afterAll(async () => {
    files.remove();
    await shop.close();
  });

  it('deletes a product no order refers to, and refuses to delete an ordered one', async () => {
    const store = storeCommand(shop, files.dir);
    const http = client(shop.app);
    const { data } = (await http.get('/products?category=USB Hubs&limit=100')).json();
    const [ordered, unordered] = data;
    const shopper = await signUp(shop.app);
    const placed = await http.post(
      '/orders',
      { products: { [ordered.id]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode).toBe(201);

    const refused = await store('products', 'delete', ordered.sku);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${ordered.sku} is in orders, so it stays for their records.`);
    const deleted = await store('products', 'delete', unordered.sku);
    expect(deleted).toMatchObject({ code: 0, stdout: `${unordered.sku} is deleted.\n` });
    expect((await http.get(`/products/${unordered.id}`)).statusCode).toBe(404);
    expect((await store('products', 'delete', 'NO-SUCH-SKU')).stderr).toContain(
      "No product has the SKU 'NO-SUCH-SKU'.",
    );

    const removed = await store('demo', 'remove');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toMatch(/^Deleted 42 demo products; hid 1 that are in orders/);
    expect((await http.get('/products')).json().count).toBe(0);
    // The order still reads its line.
    const order = (await http.get(`/orders/${placed.json().id}`, shopper.token)).json();
    expect(order.items[0].productTitle).toBe(ordered.title);
  });
});

describe('a shop with no store yet', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop({ seedDemo: false });
  });
  afterAll(() => shop.close());

  it('says so on /health and on every call, never with a 500, until the merchant runs init', async () => {
    const http = client(shop.app);
    const health = await http.get('/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'no-store' });
    for (const url of ['/storeInfo', '/products', '/orders/ABC']) {
      const response = await http.get(url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error, url).toContain('npm run store -- init');
    }
    const files = scratchFolder();
    try {
      expect((await storeCommand(shop, files.dir)('init', '--file', `${SAMPLES_DIR}/store.json`)).code).toBe(0);
    } finally {
      files.remove();
    }
    expect((await http.get('/health')).json()).toEqual({ status: 'ok' });
    expect((await http.get('/storeInfo')).json().storeName).toBe('NetKart');
  });
});
