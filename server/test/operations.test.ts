import net from 'node:net';
import { Writable } from 'node:stream';
import { Order, type Product } from '@netkart/contract';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { driverOf, migrateToLatest, openDatabase } from '../src/db/open.js';
import { HOUSEKEEPING_JOBS } from '../src/housekeeping.js';
import { BUSY_MESSAGE, isDatabaseBusy, isStorageUnavailable, UNAVAILABLE_MESSAGE } from '../src/http/error-handler.js';
import { redactUrl } from '../src/http/logging.js';
import { isPrivatePath } from '../src/http/private-answers.js';
import { demoProducts } from '../src/seed/demo-store.js';
import { ensureDemoStore } from '../src/seed/seed.js';
import {
  client,
  freshDatabase,
  orderableProducts,
  RELAXED_LIMITS,
  signUp,
  startShop,
  type TestShop,
  validAddress,
} from './harness.js';

/** Log lines as JSON objects, as pino writes them. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const text: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        text.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { stream, lines, text };
}

describe('request logs and request ids', () => {
  const log = logCapture();
  let shop: TestShop;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let placed: Order;
  beforeAll(async () => {
    shop = await startShop({ app: { logger: { level: 'info', stream: log.stream } } });
    owner = await signUp(shop.app, { email: 'meera.iyer@example.in' });
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

  it('keeps no email, phone or token in the log lines of a tracking request', async () => {
    const requestId = 'track-by-email.1';
    for (const contact of [owner.email, '+91 98450 12345']) {
      const response = await shop.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${placed.id}?contactInfo=${encodeURIComponent(contact)}`,
        headers: { host: 'localhost', 'x-request-id': requestId, authorization: `Bearer ${owner.token}` },
      });
      expect(response.statusCode).toBe(200);
    }
    const mine = log.lines.filter((line) => line.reqId === requestId);
    expect(mine.filter((line) => line.msg === 'request completed')).toHaveLength(2);
    const text = JSON.stringify(mine);
    expect(text).toContain('contactInfo=[redacted]');
    expect(text).not.toContain('meera');
    expect(text).not.toContain('example.in');
    expect(text).not.toContain('98450');
    expect(text).not.toContain(owner.token);
  });

  it('keeps a sane X-Request-Id, makes one otherwise, and returns it on every answer', async () => {
    const kept = await shop.app.inject({
      url: '/api/v1/storeInfo',
      headers: { host: 'localhost', 'x-request-id': 'abc-123_X.y' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123_X.y');
    for (const insane of ['has spaces', 'x'.repeat(65), 'semi;colon', '']) {
      const made = await shop.app.inject({
        url: '/api/v1/storeInfo',
        headers: { host: 'localhost', 'x-request-id': insane },
      });
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const notFound = await shop.app.inject({
      url: '/api/v1/nope',
      headers: { host: 'localhost', 'x-request-id': 'nf-1' },
    });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('nf-1');
    const failed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: '{',
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-request-id': 'bad-1' },
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.headers['x-request-id']).toBe('bad-1');
    expect(log.lines.filter((line) => line.reqId === 'bad-1' && line.msg === 'request completed')).toHaveLength(1);
  });

  it('writes a made id in every log line of its request, its answer a 304 or not', async () => {
    const url = '/api/v1/storeInfo?made-id-probe';
    const first = await shop.app.inject({ url, headers: { host: 'localhost' } });
    const unchanged = await shop.app.inject({
      url,
      headers: { host: 'localhost', 'if-none-match': String(first.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    for (const answer of [first, unchanged]) {
      const id = String(answer.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const lines = log.lines.filter((line) => line.reqId === id);
      // One line of the answer, with what was asked, and no line of it without the id.
      expect(lines).toHaveLength(1);
      expect((lines[0]?.req as { url?: string } | undefined)?.url).toBe(url);
      expect(
        lines.map((line) => (line.res as { statusCode?: number } | undefined)?.statusCode).filter(Boolean),
      ).toEqual([answer.statusCode]);
    }
    expect(
      log.lines.filter((line) => JSON.stringify(line).includes('made-id-probe') && typeof line.reqId !== 'string'),
    ).toEqual([]);
  });

  it.each([
    ['/api/v1/orders/AB12?contactInfo=asha%40example.in', '/api/v1/orders/AB12?contactInfo=[redacted]'],
    ['/api/v1/orders/AB12?contactInfo=%2B91%2098450%2012345&x=1', '/api/v1/orders/AB12?contactInfo=[redacted]&x=1'],
    ['/api/v1/products?filter=asha@example.in&page=2', '/api/v1/products?filter=[redacted]&page=2'],
    ['/api/v1/products?page=2&limit=10', '/api/v1/products?page=2&limit=10'],
    ['/users/asha@example.in/x', '/users/[email]/x'],
    ['/api/v1/x?token=abc', '/api/v1/x?token=[redacted]'],
  ])('logs %s as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('answers about accounts and orders are never cached', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop.close());

  it('sends no-store on each private call, answered or refused', async () => {
    const { email, password, token } = await signUp(shop.app);
    const http = client(shop.app, { token });
    const answers = [
      await http.get('/accountInfo'),
      await http.get('/orders'),
      await http.get('/orders/NOSUCHORDER?contactInfo=a%40b.in'),
      await http.post('/users/authorize', { email, password }),
      await http.post('/users/authorize', { email, password: 'wrong' }),
      await http.post('/payments', { orderId: 'NOSUCHORDER', fields: {} }),
      await client(shop.app).get('/accountInfo'),
      await http.get('/orders/NOSUCHORDER/invoice?contactInfo=a%40b.in'),
      await http.get('/account/sessions'),
      await http.post('/account/export', {}),
      await http.post('/users/password-reset', { email }),
      // Any other call made with a valid session is personal too, unless it is the same for everyone.
      await http.get('/payments/fields'),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('private, no-store');
    expect((await http.get('/products')).headers['cache-control']).not.toContain('no-store');
  });

  it.each([
    ['/accountInfo', true],
    ['/orders', true],
    ['/orders/AB12', true],
    ['/users/authorize', true],
    ['/payments', true],
    ['/payments/fields', false],
    ['/orders/AB12/invoice', true],
    ['/orders/AB12/credit-note', true],
    ['/account/sessions', true],
    ['/account/sessions/abc', true],
    ['/account/export', true],
    ['/users/password-reset/confirm', true],
    ['/products', false],
    ['/storeInfo', false],
  ])('%s is private: %s', (path, expected) => {
    expect(isPrivatePath(path)).toBe(expected);
  });
});

describe('sessions', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop();
  });
  afterAll(() => shop.close());

  const hoursOfSession = async (rememberMe: boolean | undefined) => {
    const { email, password } = await signUp(shop.app);
    const body = rememberMe === undefined ? { email, password } : { email, password, rememberMe };
    const response = await client(shop.app).post('/users/authorize', body);
    expect(response.statusCode).toBe(200);
    const session = await shop.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.created_at', 'sessions.expires_at'])
      .where('users.email', '=', email)
      .orderBy('sessions.created_at', 'desc')
      .executeTakeFirstOrThrow();
    return Math.round((Date.parse(session.expires_at) - Date.parse(session.created_at)) / 3_600_000);
  };

  it.each([
    [false, 12],
    [true, 30 * 24],
    [undefined, 30 * 24],
  ])('"Remember me" %s gives a session of %i hours', async (rememberMe, hours) => {
    expect(await hoursOfSession(rememberMe)).toBe(hours);
  });

  it('purges expired sessions in housekeeping and keeps live ones', async () => {
    const expired = await signUp(shop.app);
    const live = await signUp(shop.app);
    await shop.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', 'in', shop.db.selectFrom('users').select('id').where('email', '=', expired.email))
      .execute();
    const job = HOUSEKEEPING_JOBS.find((candidate) => candidate.name === 'purge expired sessions');
    expect(await job?.run(shop.services, Date.now())).toMatch(/purged [1-9]\d* expired session/);
    const left = await shop.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('users.email')
      .where('users.email', 'in', [expired.email, live.email])
      .execute();
    expect(left.map((row) => row.email)).toEqual([live.email]);
    expect((await client(shop.app).get('/accountInfo', live.token)).statusCode).toBe(200);
  });
});

describe('a database that cannot take writes', () => {
  it('answers 503 with Retry-After, and /health says degraded', async () => {
    const shop = await startShop();
    // The same database opened again, refusing writes: a full disk, a read-only mount or a standby server.
    const readOnly =
      shop.dialect === 'sqlite'
        ? openDatabase(shop.target)
        : openDatabase({
            databaseUrl: `${process.env.TEST_DATABASE_URL}${process.env.TEST_DATABASE_URL?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${shop.target.schema} -c default_transaction_read_only=on`)}`,
            dataDir: '',
          });
    const driver = driverOf(readOnly.db);
    if (driver.kind === 'sqlite') driver.database.pragma('query_only = ON');
    const app = await buildApp({ db: readOnly.db, rateLimits: RELAXED_LIMITS, webDistDir: '' });
    try {
      const health = await client(app).get('/health');
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({
        status: 'degraded',
        reasons: [expect.stringMatching(/^database: cannot take writes/)],
      });
      const http = client(app);
      // Reads still work.
      expect((await http.get('/products')).statusCode).toBe(200);
      const register = await http.post('/users/register', {
        email: 'readonly@example.in',
        password: 'secret12',
        firstName: 'Ab',
        lastName: 'Cd',
      });
      expect(register.statusCode).toBe(503);
      expect(register.headers['retry-after']).toMatch(/^\d+$/);
      expect(register.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
      expect((await client(shop.app).get('/health')).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await readOnly.db.destroy();
      await shop.close();
    }
  });

  it.each([
    ['SQLITE_FULL', true],
    ['SQLITE_READONLY', true],
    ['SQLITE_READONLY_DBMOVED', true],
    ['SQLITE_IOERR_WRITE', true],
    ['53100', true],
    ['53300', true],
    ['25006', true],
    ['SQLITE_CONSTRAINT_UNIQUE', false],
    ['23505', false],
    ['40001', false],
    [undefined, false],
  ])('treats error code %s as the database being unavailable: %s', (code, expected) => {
    expect(isStorageUnavailable(code === undefined ? new Error('x') : Object.assign(new Error('x'), { code }))).toBe(
      expected,
    );
  });
});

describe('a database kept busy by another process', () => {
  it('answers a write 503 with Retry-After while the lock is held, and takes the same request once it is free', async () => {
    // SQLite's one write lock, taken by a second connection to the same file as the `store` command would.
    const shop = await startShop({ database: 'sqlite', busyTimeoutMs: 100 });
    const other = new SQLite(shop.file as string);
    try {
      const shopper = await signUp(shop.app);
      const [product] = await orderableProducts(shop.app);
      const order = () =>
        client(shop.app).post(
          '/orders',
          { products: { [(product as Product).id]: 1 }, shippingAddress: validAddress },
          shopper.token,
        );
      other.exec('begin immediate');
      const refused = await order();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: BUSY_MESSAGE });
      other.exec('rollback');
      expect((await order()).statusCode).toBe(201);
    } finally {
      other.close();
      await shop.close();
    }
  });

  it.each([
    ['SQLITE_BUSY', true],
    ['SQLITE_BUSY_SNAPSHOT', true],
    ['SQLITE_BUSY_TIMEOUT', true],
    ['SQLITE_LOCKED', false],
    ['SQLITE_FULL', false],
    ['40001', false],
    [undefined, false],
  ])('treats error code %s as the database being busy: %s', (code, expected) => {
    expect(isDatabaseBusy(code === undefined ? new Error('x') : Object.assign(new Error('x'), { code }))).toBe(
      expected,
    );
  });
});

describe('errors before any route', () => {
  let shop: TestShop;
  let port: number;
  beforeAll(async () => {
    shop = await startShop();
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    port = (shop.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => shop.close());

  /** Sends raw bytes and reads the whole answer (the server closes the connection). */
  const raw = (request: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = data.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
      });
    });

  it('answers headers too large with 431 and an error body', async () => {
    const answer = await raw(
      `GET /api/v1/storeInfo HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(answer.headers).toContain('application/json');
    expect(JSON.parse(answer.body)).toEqual({ error: 'Request headers are too large.' });
  });

  it('answers a URL too long with 414 and an error body', async () => {
    const answer = await raw(
      `GET /api/v1/products?filter=${'a'.repeat(9000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expect(JSON.parse(answer.body)).toEqual({ error: 'The URL is too long.' });
  });

  it('answers a malformed request with 400 and an error body', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
  });
});

describe('seeding', () => {
  it('makes one store when two processes seed a fresh database at once', async () => {
    const { target, cleanup } = await freshDatabase();
    const first = openDatabase(target);
    const second = openDatabase(target);
    try {
      await migrateToLatest(first.db, target.schema);
      await Promise.all([ensureDemoStore(createServices(first.db)), ensureDemoStore(createServices(second.db))]);
      const stores = await first.db.selectFrom('stores').select('id').execute();
      expect(stores).toHaveLength(1);
      const products = await first.db
        .selectFrom('products')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(products.n)).toBe(demoProducts.length);
    } finally {
      await first.db.destroy();
      await second.db.destroy();
      await cleanup();
    }
  });
});

describe('settings', () => {
  it('reads the limits with their defaults, and REDIS_URL only as a redis URL', () => {
    const config = readConfig({});
    expect(config.redisUrl).toBeUndefined();
    expect(config.rateLimits).toMatchObject({
      loginFailuresPerEmail: 10,
      loginFailuresPerEmailAnywhere: 100,
      ordersPerAccount: 20,
      trackingFailuresPerOrder: 10,
      trackingFailuresPerIp: 30,
      passwordHashQueue: 64,
      passwordResetsPerEmail: 5,
      contactMessagesPerIp: 10,
    });
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' })).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: '127.0.0.1',
    });
    expect(() => readConfig({ REDIS_URL: 'http://example.in' })).toThrow(/REDIS_URL/);
  });
});
