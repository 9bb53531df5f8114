import { Order, PaymentResponse, ProductListResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

/** In production the storefront is on shop.example and its API on api.shop.example (spec section 7). */
let shop: TestShop;
let proxied: TestShop;
beforeAll(async () => {
  [shop, proxied] = await Promise.all([startShop(), startShop({ trustProxy: true })]);
});
afterAll(async () => {
  await Promise.all([shop.close(), proxied.close()]);
});

const policyOf = async (host: string) =>
  String((await shop.app.inject({ url: '/api/v1/storeInfo', headers: { host } })).headers['content-security-policy']);
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('the content security policy', () => {
  it("lets a page on shop.example call and post forms to api.shop.example, and nothing else's", async () => {
    const policy = await policyOf('shop.example');
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' api.shop.example:*");
    expect(directive(policy, 'form-action')).toBe("form-action 'self' api.shop.example:* https://*.payu.in");
  });

  it('lets a page on api.shop.example (the sandbox gateway) send the payer back to shop.example', async () => {
    const policy = await policyOf('api.shop.example');
    expect(directive(policy, 'form-action')).toBe("form-action 'self' shop.example:* https://*.payu.in");
  });

  it('keeps local development to its own origin', async () => {
    for (const host of ['localhost:8044', '127.0.0.1:8044', '192.168.1.20:8044', '[::1]:8044']) {
      expect(directive(await policyOf(host), 'connect-src'), host).toBe("connect-src 'self'");
    }
  });

  it('never copies a strange Host header into the policy', async () => {
    for (const host of ["evil.example; script-src 'unsafe-inline'", 'a b', 'shop.example/*']) {
      const policy = await policyOf(host);
      expect(directive(policy, 'connect-src'), host).toBe("connect-src 'self'");
      const scriptSources = policy.split(';').filter((part) => part.trim().startsWith('script-src '));
      expect(scriptSources).toEqual(["script-src 'self'"]);
    }
  });

  it('does not send plain-http pages to https (a phone on the shop network would see a blank page)', async () => {
    expect(await policyOf('192.168.1.20:8044')).not.toContain('upgrade-insecure-requests');
  });
});

describe('cross-origin calls (CORS)', () => {
  const preflight = (origin: string, host: string) =>
    shop.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders',
      headers: {
        host,
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('allows the storefront whose API this host is, with its credentials', async () => {
    const response = await preflight('https://shop.example', 'api.shop.example');
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it("refuses a page from another site, even one naming the shop's host", async () => {
    for (const origin of ['https://evil.example', 'https://shop.example.evil.example', 'null', 'not a url']) {
      const response = await shop.app.inject({
        url: '/api/v1/orders',
        headers: { host: 'api.shop.example', origin },
      });
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});

describe("CORS: only the request's own store's hosts", () => {
  const call = (origin: string, host: string) =>
    shop.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/orders',
      headers: { host, origin, 'access-control-request-method': 'POST' },
    });
  const allowedOrigin = async (origin: string, host: string) =>
    (await call(origin, host)).headers['access-control-allow-origin'];

  beforeAll(async () => {
    const info = (await client(shop.app).get('/storeInfo')).json();
    const own = await shop.services.stores.create(
      'mystore.example',
      { ...info, storeName: 'Mine' },
      { isDefault: false },
    );
    await shop.services.stores.updateAddress(own.id, {
      host: 'mystore.example',
      port: null,
      extraHosts: ['www.mystore.example'],
    });
    await shop.services.stores.create('theirs.example', { ...info, storeName: 'Theirs' }, { isDefault: false });
  });

  it('allows the store’s host, its extra hosts and their api. form, with credentials', async () => {
    for (const origin of [
      'https://mystore.example',
      'https://www.mystore.example',
      'https://api.www.mystore.example',
    ]) {
      const response = await call(origin, 'api.mystore.example');
      expect(response.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(response.headers['access-control-allow-credentials'], origin).toBe('true');
    }
  });

  it('refuses localhost and the other stores’ hosts on a store of its own domain', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8044',
      'https://theirs.example',
      'https://api.theirs.example',
    ]) {
      expect(await allowedOrigin(origin, 'api.mystore.example'), origin).toBeUndefined();
    }
    // Nor does the store on localhost (the default one) let another store's page call it.
    expect(await allowedOrigin('https://mystore.example', 'localhost:8044')).toBeUndefined();
  });

  it('keeps local development working: a page on localhost may call the store that lives there', async () => {
    expect(await allowedOrigin('http://localhost:5173', 'localhost:8044')).toBe('http://localhost:5173');
  });
});

describe('behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  async function startPayment(target: TestShop, headers: Record<string, string>) {
    const http = client(target.app);
    const owner = await signUp(target.app);
    const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
    const product = data.find((p) => p.stock > 2);
    if (!product) throw new Error('no product in stock');
    const order = Order.parse(
      (
        await http.post('/orders', { products: { [product.id]: 1 }, shippingAddress: validAddress }, owner.token)
      ).json(),
    );
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${owner.token}`, ...headers },
      payload: { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
    });
    return PaymentResponse.parse(response.json()).action?.formParams?.url;
  }

  it('sends the payer to the https address the proxy was reached on', async () => {
    const url = await startPayment(proxied, { host: 'api.shop.example', 'x-forwarded-proto': 'https' });
    expect(url).toBe('https://api.shop.example/api/v1/payments/sandbox/checkout');
  });

  it('ignores forwarded headers unless told to trust them', async () => {
    const url = await startPayment(shop, { host: 'api.shop.example', 'x-forwarded-proto': 'https' });
    expect(url).toBe('http://api.shop.example/api/v1/payments/sandbox/checkout');
  });

  it('reads TRUST_PROXY from the environment, refusing nonsense', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
    expect(() => readConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be/);
  });
});
