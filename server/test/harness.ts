import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Product, ProductListResponse, productOptions } from '@netkart/contract';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppOptions, buildApp, createServices, type Services } from '../src/app.js';
import type { RateLimitConfig } from '../src/config.js';
import { type DatabaseTarget, migrateToLatest, openDatabase } from '../src/db/open.js';
import type { Database } from '../src/db/schema.js';
import type { ScryptCost } from '../src/modules/accounts/passwords.js';
import type { CourierEnvironment } from '../src/modules/couriers/provider.js';
import type { MessageSettings } from '../src/modules/messages/layout.js';
import { DEFAULT_ORDER_POLICY, type OrderPolicy } from '../src/modules/orders/service.js';
import { NO_PAYMENT_ENVIRONMENT, type PaymentEnvironment } from '../src/modules/payments/settings.js';
import type { WhatsAppEnvironment } from '../src/modules/whatsapp/environment.js';
import { demoStoreInfo } from '../src/seed/demo-store.js';
import { ensureDemoStore } from '../src/seed/seed.js';
import { copySqliteTemplate, createSchemaFromTemplate } from './shop-template.js';

/** Generous limits so ordinary tests never trip them; rate-limit tests pass their own. */
export const RELAXED_LIMITS: RateLimitConfig = {
  loginFailuresPerEmail: 1000,
  loginFailuresPerEmailAnywhere: 1000,
  loginAttemptsPerIp: 1000,
  loginWindowMs: 60_000,
  registrationsPerIp: 1000,
  registrationWindowMs: 60_000,
  ordersPerAccount: 1000,
  ordersPerIp: 1000,
  paymentsPerAccount: 1000,
  paymentsPerIp: 1000,
  cancellationsPerAccount: 1000,
  cancellationsPerIp: 1000,
  trackingFailuresPerOrder: 1000,
  trackingFailuresPerIp: 1000,
  passwordHashQueue: 1000,
  passwordResetsPerEmail: 1000,
  passwordResetsPerIp: 1000,
  contactMessagesPerIp: 1000,
  subscriptionsPerIp: 1000,
  signInCodesPerPhone: 1000,
  signInCodesPerIp: 1000,
};

/**
 * Test shoppers' passwords are hashed by the same scrypt at a cost a thousand times lower: at
 * OWASP's cost each hash takes about a second here, and the suites make hundreds. The shop's own
 * cost is checked in the accounts tests.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

export interface TestShop {
  app: FastifyInstance;
  db: Database;
  services: Services;
  dialect: 'sqlite' | 'postgres';
  /** The embedded database's handle and file (SQLite only). */
  sqlite?: SQLite.Database;
  file?: string;
  /** The demo store's id ('' when started empty). */
  storeId: string;
  /** Where the database is, to open it again as a second server process would. */
  target: DatabaseTarget;
  close(): Promise<void>;
}

/**
 * A fresh SQLite folder, or a fresh schema on the PostgreSQL server named by TEST_DATABASE_URL:
 * empty, or with `fromTemplate` a copy of this run's migrated database with its PINs loaded
 * (shop-template.ts; empty when there is none).
 */
export async function freshDatabase(
  database?: 'sqlite',
  { fromTemplate = false }: { fromTemplate?: boolean } = {},
): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }> {
  const url = database === 'sqlite' ? undefined : process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    if (!(fromTemplate && (await createSchemaFromTemplate(url, schema)))) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
    }
    return {
      target: { databaseUrl: url, dataDir: '', schema },
      async cleanup() {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  if (fromTemplate) copySqliteTemplate(dir);
  return {
    target: { databaseUrl: undefined, dataDir: dir },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A real database for each test file: a fresh SQLite file, or a fresh schema on the PostgreSQL
 * server named by TEST_DATABASE_URL, each a copy of the run's migrated template. The demo store is
 * seeded as on a first start.
 */
export async function startShop(
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    trustProxy?: boolean;
    /** Order rules; tests place many unpaid orders, so the open-order cap is raised unless given. */
    orders?: Partial<OrderPolicy>;
    payments?: PaymentEnvironment;
    /** false: an empty database, as a merchant's own first start finds it. */
    seedDemo?: boolean;
    /** 'sqlite': the embedded database even when the suite runs on PostgreSQL. */
    database?: 'sqlite';
    /** Extra options for buildApp (a logger, Redis for the limits). */
    app?: Partial<AppOptions>;
    passwordCost?: ScryptCost;
    /** Who hears of new orders, and the port of links to a store on localhost. */
    messages?: MessageSettings;
    /** SQLite: how long a write waits for another connection's lock (the shop's 5 s unless given). */
    busyTimeoutMs?: number;
    /** Hears every query the shop's database runs (its plans checked by the tests). */
    log?: DatabaseTarget['log'];
    /** Where the courier services are reached (a fake of our own) and labels kept. */
    couriers?: CourierEnvironment;
    /** The returns' clock (the window's last day against the next). */
    returnsClock?: () => Date;
    /** The WhatsApp Business account (a fake Cloud API of our own). */
    whatsApp?: WhatsAppEnvironment;
  } = {},
): Promise<TestShop> {
  const { target, cleanup } = await freshDatabase(options.database, { fromTemplate: true });
  const { db, dialect, sqlite, file } = openDatabase({
    ...target,
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    ...(options.log ? { log: options.log } : {}),
  });
  // Both find the template's copy up to date; without a template they do the work.
  await migrateToLatest(db, target.schema);
  const services = createServices(db, {
    payments: options.payments ?? NO_PAYMENT_ENVIRONMENT,
    orders: { ...DEFAULT_ORDER_POLICY, maxOpenOrders: 1000, maxOpenOrdersPerAddress: 100_000, ...options.orders },
    passwordCost: options.passwordCost ?? TEST_PASSWORD_COST,
    ...(options.messages ? { messages: options.messages } : {}),
    ...(options.couriers ? { couriers: options.couriers } : {}),
    ...(options.returnsClock ? { returns: { clock: options.returnsClock } } : {}),
    ...(options.whatsApp ? { whatsApp: options.whatsApp } : {}),
  });
  await services.pincodes.ensureLoaded();
  if (options.seedDemo !== false) await ensureDemoStore(services);
  const store = await services.stores.defaultStore();
  if (!store && options.seedDemo !== false) throw new Error('the demo store was not seeded');
  const app = await buildApp({
    db,
    services,
    rateLimits: { ...RELAXED_LIMITS, ...options.rateLimits },
    webDistDir: '',
    trustProxy: options.trustProxy ?? false,
    ...options.app,
  });
  await app.ready();
  return {
    app,
    db,
    services,
    dialect,
    ...(sqlite ? { sqlite } : {}),
    ...(file ? { file } : {}),
    storeId: store?.id ?? '',
    target,
    async close() {
      await app.close();
      await db.destroy();
      await cleanup();
    },
  };
}

export type Response = LightMyRequestResponse;

/**
 * A store of its own in the shop, with the demo's details under another name and no products yet,
 * and a client that asks as its shoppers do (by its Host, `api.<host>`).
 */
export async function storeOfItsOwn(shop: TestShop, host: string, storeName: string) {
  const store = await shop.services.stores.create(host, { ...demoStoreInfo, storeName }, { isDefault: false });
  return { storeId: store.id, http: client(shop.app, { host: `api.${host}` }) };
}

/** A small HTTP client over the app: JSON in, parsed JSON out. */
export function client(app: FastifyInstance, defaults: { host?: string; token?: string } = {}) {
  const request = (method: InjectOptions['method'], url: string, body?: unknown, token = defaults.token) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        host: defaults.host ?? 'localhost:8044',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
  return {
    get: (url: string, token?: string) => request('GET', url, undefined, token),
    post: (url: string, body?: unknown, token?: string) => request('POST', url, body ?? {}, token),
    delete: (url: string, body?: unknown, token?: string) => request('DELETE', url, body, token),
    patch: (url: string, body?: unknown, token?: string) => request('PATCH', url, body ?? {}, token),
    put: (url: string, body?: unknown, token?: string) => request('PUT', url, body ?? {}, token),
    raw: (options: InjectOptions) => app.inject(options),
  };
}

let counter = 0;

/** Registers and signs in a new shopper; returns the token and the email used. */
export async function signUp(app: FastifyInstance, overrides: Partial<{ email: string; password: string }> = {}) {
  counter += 1;
  const email = overrides.email ?? `shopper${counter}.${randomBytes(3).toString('hex')}@example.in`;
  const password = overrides.password ?? 'correct horse';
  const http = client(app);
  const registered = await http.post('/users/register', { email, password, firstName: 'Asha', lastName: 'Rao' });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const authorized = await http.post('/users/authorize', { email, password });
  if (authorized.statusCode !== 200) throw new Error(`authorize failed: ${authorized.body}`);
  return { email, password, token: (authorized.json() as { token: string }).token };
}

export const validAddress = {
  fullName: 'Asha Rao',
  address: '12, 4th Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  phone: '+91 98450 12345',
};

/** Products a shopper can order as they are: at least `minStock` in stock, and no size or colour to choose. */
export async function orderableProducts(app: FastifyInstance, minStock = 5, host?: string): Promise<Product[]> {
  const http = client(app, host ? { host } : {});
  const { data } = ProductListResponse.parse((await http.get('/products?limit=100')).json());
  // A product with more than one size or colour is sold per variant: a line must name one.
  return data.filter((product) => {
    const { sizes, colors } = productOptions(product.attributes);
    return product.stock >= minStock && sizes.length <= 1 && colors.length <= 1;
  });
}

/** Runs `work` while the demo store pays with `provider` and these settings (over that provider's own), then puts them back. */
export async function withPayments<T>(
  shop: TestShop,
  provider: string,
  settings: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  const store = await shop.services.stores.defaultStore();
  if (!store) throw new Error('no store');
  const stored = JSON.parse(store.payment_config_json) as Record<string, Record<string, string>>;
  await shop.services.stores.updatePayments(store.id, provider, { [provider]: { ...stored[provider], ...settings } });
  try {
    return await work();
  } finally {
    await shop.db
      .updateTable('stores')
      .set({ payment_provider: store.payment_provider, payment_config_json: store.payment_config_json })
      .where('id', '=', store.id)
      .execute();
  }
}

export async function countRows(db: Database, table: 'orders' | 'order_items' | 'users' | 'payments') {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
