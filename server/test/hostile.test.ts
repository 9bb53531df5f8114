import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let token: string;
beforeAll(async () => {
  shop = await startShop();
  token = (await signUp(shop.app)).token;
});
afterAll(() => shop.close());

const send = (method: 'GET' | 'POST', url: string, payload?: string, contentType = 'application/json') =>
  shop.app.inject({
    method,
    url,
    headers: { host: 'localhost', 'content-type': contentType, authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

describe('hostile and malformed requests', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const response = await send('POST', '/api/v1/orders', '{"products": {');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Request body is not valid JSON.' });
  });

  it('answers a body that is not an object with 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await send('POST', '/api/v1/users/register', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('answers an oversized body with 413', async () => {
    const response = await send('POST', '/api/v1/users/register', JSON.stringify({ email: 'x'.repeat(2_000_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'Request body is too large.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await send('POST', '/api/v1/users/authorize', 'email=a', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/content type/i);
  });

  it('answers unknown routes with a JSON 404', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/products', '/api/v1/../../etc/passwd', '/media/../../package.json']) {
      const response = await send('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found.' });
    }
  });

  it('never answers 5xx to a barrage of odd inputs, and stays healthy', async () => {
    const strange: unknown[] = [
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      '\u0000',
      '😀'.repeat(100),
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER,
      true,
      null,
      [],
      {},
      { $gt: '' },
      '__proto__',
      'x'.repeat(10_000),
    ];
    const http = client(shop.app, { token });
    const responses = [];
    for (const value of strange) {
      const text = encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
      responses.push(
        await http.post('/users/register', { email: value, password: value, firstName: value, lastName: value }),
        await http.post('/users/authorize', { email: value, password: value }),
        await http.post('/orders', { products: { [String(text).slice(0, 60)]: value }, shippingAddress: value }),
        await http.post('/orders', { products: value, shippingAddress: { fullName: value } }),
        await http.post('/payments', { orderId: value, fields: value }),
        await http.get(`/products?page=${text}&limit=${text}&category=${text}&filter=${text}`),
        await http.get(`/products/${text}`),
        await http.get(`/orders/${text}?contactInfo=${text}`),
      );
    }
    responses.push(
      await send('POST', '/api/v1/orders', '{"__proto__": {"admin": true}, "products": {"constructor": 1}}'),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().error ?? response.json()).toBeTruthy();
    }
    expect((await http.get('/health')).json()).toEqual({ status: 'ok' });
  });

  it('sends the usual security headers', async () => {
    const response = await send('GET', '/api/v1/storeInfo');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toBeTruthy();
  });

  it('allows the storefront origin and refuses others', async () => {
    const allowed = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/products',
      headers: { host: 'localhost', origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const refused = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/products',
      headers: { host: 'localhost', origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});
