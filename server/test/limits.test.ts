import { randomBytes } from 'node:crypto';
import { Order, type Product } from '@netkart/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { RateLimitConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { asStranger, asTrusted, WorkQueue } from '../src/modules/accounts/hash-queue.js';
import { limitPasswordHashing, OWASP_SCRYPT_COST } from '../src/modules/accounts/passwords.js';
import {
  client,
  orderableProducts,
  RELAXED_LIMITS,
  signUp,
  startShop,
  type TestShop,
  validAddress,
} from './harness.js';

/** A request from a given network address (light-my-request sets the socket's address). */
function from(app: FastifyInstance, address: string, token?: string) {
  const send = (method: InjectOptions['method'], url: string, body?: unknown) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress: address,
      headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown = {}) => send('POST', url, body),
  };
}

function expectTooMany(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(String(response.headers['retry-after'])).toMatch(/^[1-9]\d*$/);
  expect(response.json()).toEqual({ error: expect.stringMatching(/Too many/) });
}

/** A second server process on the same database: its own connection, its own app. */
async function secondInstance(shop: TestShop, rateLimits: Partial<RateLimitConfig>, extra = {}) {
  const { db } = openDatabase(shop.target);
  const app = await buildApp({ db, rateLimits: { ...RELAXED_LIMITS, ...rateLimits }, webDistDir: '', ...extra });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

describe('limits shared by every server process', () => {
  it('counts registrations from one address across two app instances on one database', async () => {
    const limits = { registrationsPerIp: 2 };
    const shop = await startShop({ rateLimits: limits });
    const other = await secondInstance(shop, limits);
    try {
      const register = (app: FastifyInstance, n: number) =>
        from(app, '203.0.113.7').post('/users/register', {
          email: `shared${n}@example.in`,
          password: 'secret12',
          firstName: 'Ab',
          lastName: 'Cd',
        });
      expect((await register(shop.app, 1)).statusCode).toBe(201);
      expect((await register(other.app, 2)).statusCode).toBe(201);
      expectTooMany(await register(shop.app, 3));
      expectTooMany(await register(other.app, 4));
      // Another address is not affected.
      expect(
        (
          await from(other.app, '203.0.113.8').post('/users/register', {
            email: 'shared5@example.in',
            password: 'secret12',
            firstName: 'Ab',
            lastName: 'Cd',
          })
        ).statusCode,
      ).toBe(201);
    } finally {
      await other.close();
      await shop.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('shares counters through Redis when REDIS_URL is set', async () => {
    const redis = { redisUrl: process.env.REDIS_URL, limitKeyPrefix: `test-${randomBytes(6).toString('hex')}` };
    const limits = { registrationsPerIp: 1 };
    const shop = await startShop({ rateLimits: limits, app: redis });
    const other = await secondInstance(shop, limits, redis);
    try {
      const body = (n: number) => ({
        email: `redis${n}@example.in`,
        password: 'secret12',
        firstName: 'Ab',
        lastName: 'Cd',
      });
      expect((await from(shop.app, '198.51.100.1').post('/users/register', body(1))).statusCode).toBe(201);
      expectTooMany(await from(other.app, '198.51.100.1').post('/users/register', body(2)));
      // Nothing was counted in the database.
      const rows = await shop.db.selectFrom('rate_limits').select('key').where('key', 'like', 'register%').execute();
      expect(rows).toEqual([]);
    } finally {
      await other.close();
      await shop.close();
    }
  });
});

describe('sign-in limits', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop({
      rateLimits: { loginFailuresPerEmail: 2, loginFailuresPerEmailAnywhere: 3, loginAttemptsPerIp: 3 },
    });
  });
  afterAll(() => shop.close());

  it("lets the owner in from a clean address while an attacker's address is throttled", async () => {
    const { email, password } = await signUp(shop.app);
    const attacker = from(shop.app, '192.0.2.66');
    for (let i = 0; i < 2; i++) {
      expect((await attacker.post('/users/authorize', { email, password: `guess-${i}` })).statusCode).toBe(401);
    }
    expectTooMany(await attacker.post('/users/authorize', { email, password }));
    const owner = await from(shop.app, '192.0.2.10').post('/users/authorize', { email, password });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
  });

  it('brakes an email whose failures come from many addresses', async () => {
    const { email, password } = await signUp(shop.app);
    for (let i = 0; i < 3; i++) {
      const response = await from(shop.app, `192.0.2.${100 + i}`).post('/users/authorize', { email, password: 'nope' });
      expect(response.statusCode).toBe(401);
    }
    expectTooMany(await from(shop.app, '192.0.2.200').post('/users/authorize', { email, password }));
  });

  it('does not count successful sign-ins against an address', async () => {
    const { email, password } = await signUp(shop.app);
    const office = from(shop.app, '192.0.2.50');
    for (let i = 0; i < 4; i++) {
      expect((await office.post('/users/authorize', { email, password })).statusCode).toBe(200);
    }
  });

  it('throttles an address that fails across many emails', async () => {
    const spray = from(shop.app, '192.0.2.77');
    for (let i = 0; i < 3; i++) {
      expect((await spray.post('/users/authorize', { email: `nobody${i}@example.in`, password: 'x' })).statusCode).toBe(
        401,
      );
    }
    const blocked = await spray.post('/users/authorize', { email: 'nobody9@example.in', password: 'x' });
    expectTooMany(blocked);
    expect(blocked.json().error).toMatch(/this network/);
  });
});

describe('order and payment limits', () => {
  let shop: TestShop;
  let product: Product;
  beforeAll(async () => {
    shop = await startShop({
      rateLimits: { ordersPerAccount: 2, ordersPerIp: 3, paymentsPerAccount: 2, paymentsPerIp: 100 },
    });
    const [found] = await orderableProducts(shop.app, 20);
    if (!found) throw new Error('no product with stock');
    product = found;
  });
  afterAll(() => shop.close());

  const order = (app: FastifyInstance, address: string, token: string) =>
    from(app, address, token).post('/orders', { products: { [product.id]: 1 }, shippingAddress: validAddress });

  it('limits orders per account, then per address', async () => {
    const first = await signUp(shop.app);
    expect((await order(shop.app, '10.1.0.1', first.token)).statusCode).toBe(201);
    expect((await order(shop.app, '10.1.0.2', first.token)).statusCode).toBe(201);
    // A third order by the same account, from yet another address.
    expectTooMany(await order(shop.app, '10.1.0.3', first.token));

    const second = await signUp(shop.app);
    const third = await signUp(shop.app);
    expect((await order(shop.app, '10.2.0.1', second.token)).statusCode).toBe(201);
    expect((await order(shop.app, '10.2.0.1', second.token)).statusCode).toBe(201);
    expect((await order(shop.app, '10.2.0.1', third.token)).statusCode).toBe(201);
    // The address has placed three: a fourth account there is refused too.
    expectTooMany(await order(shop.app, '10.2.0.1', (await signUp(shop.app)).token));
  });

  it('limits payment attempts per account', async () => {
    const { token } = await signUp(shop.app);
    const pay = () => from(shop.app, '10.3.0.1', token).post('/payments', { orderId: 'NOSUCHORDER', fields: {} });
    expect((await pay()).statusCode).toBeLessThan(429);
    expect((await pay()).statusCode).toBeLessThan(429);
    expectTooMany(await pay());
  });
});

describe('order tracking limits', () => {
  let shop: TestShop;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let placed: Order;
  beforeAll(async () => {
    shop = await startShop({ rateLimits: { trackingFailuresPerOrder: 3, trackingFailuresPerIp: 5 } });
    owner = await signUp(shop.app);
    const [found] = await orderableProducts(shop.app, 5);
    if (!found) throw new Error('no product with stock');
    const response = await client(shop.app).post(
      '/orders',
      { products: { [found.id]: 1 }, shippingAddress: validAddress },
      owner.token,
    );
    placed = Order.parse(response.json());
  });
  afterAll(() => shop.close());

  const track = (address: string, id: string, contact: string) =>
    from(shop.app, address).get(`/orders/${id}?contactInfo=${encodeURIComponent(contact)}`);

  it('compares phones as Indian mobile numbers, not as any digits ending alike', async () => {
    expect((await track('172.16.0.1', placed.id, '+91 98450 12345')).statusCode).toBe(200);
    expect((await track('172.16.0.1', placed.id, '098450-12345')).statusCode).toBe(200);
    // Ends in the same ten digits, but is not that mobile number.
    expect((await track('172.16.0.2', placed.id, '55 9845012345')).statusCode).toBe(404);
  });

  it('refuses further guesses at one order id, from any address, while its owner still reads it', async () => {
    // One failed guess is already counted above; two more reach the limit of three.
    expect((await track('172.16.1.1', placed.id, 'wrong@example.in')).statusCode).toBe(404);
    expect((await track('172.16.1.2', placed.id, '9000000000')).statusCode).toBe(404);
    expectTooMany(await track('172.16.1.3', placed.id, owner.email));
    const asOwner = await client(shop.app).get(`/orders/${placed.id}`, owner.token);
    expect(asOwner.statusCode).toBe(200);
  });

  it('refuses an address that guesses across many order ids', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await track('172.16.2.1', `GUESS${i}ABCDE`, 'someone@example.in')).statusCode).toBe(404);
    }
    expectTooMany(await track('172.16.2.1', 'GUESS9ABCDE', 'someone@example.in'));
    expect((await track('172.16.2.2', 'GUESS9ABCDE', 'someone@example.in')).statusCode).toBe(404);
  });
});

describe('the password hashing queue', () => {
  it('runs at most its workers at once and turns away what does not fit in its line', async () => {
    const queue = new WorkQueue(1, 1);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = queue.run(() => gate.then(() => 'first'));
    const second = queue.run(async () => 'second');
    expect(queue.active).toBe(1);
    expect(queue.queued).toBe(1);
    await expect(queue.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(queue.active).toBe(0);
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('answers a flood of sign-ins past the line with 503 and Retry-After, never 500', async () => {
    // At the shop's own cost a hash takes long enough for the line to fill.
    const shop = await startShop({ passwordCost: OWASP_SCRYPT_COST });
    try {
      const { email, password } = await signUp(shop.app);
      limitPasswordHashing(1, 1);
      // Six shoppers on six networks (one network alone may hold only its share of the places).
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          from(shop.app, `192.0.2.${i + 1}`).post('/users/authorize', { email, password }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      // One hashing, one waiting: those two get in, the other four are told to come back.
      expect(codes).toEqual([200, 200, 503, 503, 503, 503]);
      const busy = answers.find((answer) => answer.statusCode === 503);
      expect(busy?.headers['retry-after']).toMatch(/^\d+$/);
      expect(busy?.json()).toEqual({ error: expect.stringMatching(/try again/) });
    } finally {
      limitPasswordHashing(RELAXED_LIMITS.passwordHashQueue);
      await shop.close();
    }
  });
});

describe('a fair password hashing queue', () => {
  it('keeps room for a second address while one address floods sign-in', async () => {
    const shop = await startShop({ passwordCost: OWASP_SCRYPT_COST });
    try {
      const { email, password } = await signUp(shop.app);
      // One worker and four places in line: one address may hold two of the five.
      limitPasswordHashing(4, 1);
      const flood = Array.from({ length: 10 }, (_, i) =>
        from(shop.app, '203.0.113.50').post('/users/authorize', { email, password: `guess-${i}` }),
      );
      const shopper = await from(shop.app, '198.51.100.77').post('/users/authorize', { email, password });
      expect(shopper.statusCode).toBe(200);
      const codes = (await Promise.all(flood)).map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([401, 401, 503, 503, 503, 503, 503, 503, 503, 503]);
    } finally {
      limitPasswordHashing(RELAXED_LIMITS.passwordHashQueue);
      await shop.close();
    }
  });

  it('serves a signed-in caller before every stranger in line', async () => {
    const queue = new WorkQueue(1, 2);
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = asStranger('203.0.113.1', () => queue.run(() => gate.then(() => order.push('first'))));
    const stranger = asStranger('203.0.113.2', () => queue.run(async () => order.push('stranger')));
    const known = asTrusted(() => queue.run(async () => order.push('known')));
    release();
    await Promise.all([first, stranger, known]);
    expect(order).toEqual(['first', 'known', 'stranger']);
  });
});
