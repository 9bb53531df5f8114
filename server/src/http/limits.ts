import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { driverOf } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { HttpError } from './errors.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const TRACKING_IP_WINDOW_MS = 15 * MINUTE_MS;

/** What a limit needs of a counter store: rate-limiter-flexible's limiters, or our SQLite one. */
export interface Counter {
  readonly points: number;
  get(key: string): Promise<Pick<RateLimiterRes, 'consumedPoints' | 'msBeforeNext'> | null>;
  /** Counts one; rejects with a RateLimiterRes when that went over `points`. */
  consume(key: string): Promise<unknown>;
  penalty(key: string): Promise<unknown>;
  delete(key: string): Promise<unknown>;
}

/** Where counters live: shared by every server process on the same database or Redis. */
export interface LimitStore {
  limiter(name: string, points: number, windowMs: number): Counter;
  close(): Promise<void>;
}

/**
 * A fixed window per key in the `rate_limits` table (the layout of rate-limiter-flexible's
 * SQLite store), written through Kysely. Its own better-sqlite3 store cannot be used here: on
 * Kysely's connection it would write inside other requests' open transactions, and on a second
 * connection its synchronous wait for the lock blocks the event loop that the lock holder needs,
 * until busy_timeout fails both.
 */
export class SqliteCounter implements Counter {
  constructor(
    private readonly db: Database,
    private readonly name: string,
    readonly points: number,
    private readonly windowMs: number,
  ) {}

  async get(key: string) {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', `${this.name}:${key}`)
      .where('expire', '>', Date.now())
      .executeTakeFirst();
    return row ? this.result(row.points, row.expire) : null;
  }

  async consume(key: string) {
    const res = await this.add(key, 1);
    if (res.consumedPoints > this.points) throw res;
    return res;
  }

  penalty(key: string) {
    return this.add(key, 1);
  }

  async delete(key: string) {
    await this.db.deleteFrom('rate_limits').where('key', '=', `${this.name}:${key}`).execute();
  }

  /** One statement, so two processes counting at once both count. */
  private async add(key: string, points: number) {
    const now = Date.now();
    const { rows } = await sql<{ points: number; expire: number }>`
      insert into rate_limits (key, points, expire) values (${`${this.name}:${key}`}, ${points}, ${now + this.windowMs})
      on conflict (key) do update set
        points = case when rate_limits.expire > ${now} then rate_limits.points + excluded.points else excluded.points end,
        expire = case when rate_limits.expire > ${now} then rate_limits.expire else excluded.expire end
      returning points, expire`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error('the rate-limit counter was not written');
    return this.result(row.points, row.expire);
  }

  private result(consumed: number, expire: number | null) {
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      expire ? Math.max(expire - Date.now(), 0) : -1,
      consumed,
    );
  }
}

/**
 * Counters in the shop's own database (the `rate_limits` table of our migrations): on PostgreSQL
 * rate-limiter-flexible's store on Kysely's pool, on SQLite our counter through Kysely itself.
 */
export function databaseLimitStore(db: Database): LimitStore {
  const driver = driverOf(db);
  let sweeping = false;
  // rate-limiter-flexible's PostgreSQL store sweeps its own table; on SQLite we do, every five minutes.
  const sweeper =
    driver.kind === 'sqlite'
      ? setInterval(() => {
          db.deleteFrom('rate_limits')
            .where('expire', '<', Date.now() - 3_600_000)
            .execute()
            .catch(() => {});
        }, 300_000)
      : undefined;
  sweeper?.unref();
  return {
    limiter(name, points, windowMs) {
      if (driver.kind === 'sqlite') return new SqliteCounter(db, name, points, windowMs);
      // One limiter sweeps expired rows for the whole table.
      const clearExpiredByTimeout = !sweeping;
      sweeping = true;
      return new RateLimiterPostgres({
        keyPrefix: name,
        points,
        duration: Math.ceil(windowMs / 1000),
        tableName: 'rate_limits',
        tableCreated: true,
        clearExpiredByTimeout,
        storeClient: driver.pool,
        storeType: 'pool',
      });
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}

/** Counters in Redis (`REDIS_URL`), for shops that already run one. */
export function redisLimitStore(url: string, prefix = 'rl'): LimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // Errors surface on the request that needed Redis; the client reconnects by itself.
  redis.on('error', () => {});
  return {
    limiter(name, points, windowMs) {
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:${name}`,
        points,
        duration: Math.ceil(windowMs / 1000),
      });
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const secondsOf = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One limit: at most `points` counted events per key per window. */
export class Limit {
  constructor(private readonly limiter: Counter) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  async retryAfter(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    return res && res.consumedPoints >= this.limiter.points ? secondsOf(res.msBeforeNext) : 0;
  }

  /** Counts one event; returns the seconds to wait when this one went over the limit, else 0. */
  async take(key: string): Promise<number> {
    try {
      await this.limiter.consume(key);
      return 0;
    } catch (error) {
      if (error instanceof RateLimiterRes) return secondsOf(error.msBeforeNext);
      throw error;
    }
  }

  /** Counts one event without asking whether it was allowed (a failure seen after the fact). */
  async count(key: string): Promise<void> {
    await this.limiter.penalty(key);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** Keys are hashed: the counter table then holds no email, and no key outgrows its column. */
export function limitKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 32);
}

export function tooMany(retryAfterSeconds: number, message: string): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

const inMinutes = (seconds: number) => `${Math.ceil(seconds / 60)} minute(s)`;

declare module 'fastify' {
  interface FastifyInstance {
    limits: ShopLimits;
  }
  interface FastifyRequest {
    /** Set on an order look-up by contact details: the keys a failed guess counts against. */
    trackingKeys?: { order: string; address: string };
  }
}

/** Every limit of the shop, with the hooks that apply them to the order and payment routes. */
export class ShopLimits {
  readonly signInFailuresByEmailAndAddress: Limit;
  readonly signInFailuresByEmail: Limit;
  readonly signInFailuresByAddress: Limit;
  readonly registrationsByAddress: Limit;
  readonly passwordResetsByEmail: Limit;
  readonly passwordResetsByAddress: Limit;
  readonly contactMessagesByAddress: Limit;
  readonly subscriptionsByAddress: Limit;
  private readonly ordersByAccount: Limit;
  private readonly ordersByAddress: Limit;
  private readonly paymentsByAccount: Limit;
  private readonly paymentsByAddress: Limit;
  private readonly trackingFailuresByOrder: Limit;
  private readonly trackingFailuresByAddress: Limit;

  constructor(store: LimitStore, config: RateLimitConfig) {
    const limit = (name: string, points: number, windowMs: number) => new Limit(store.limiter(name, points, windowMs));
    this.signInFailuresByEmailAndAddress = limit('login-email-ip', config.loginFailuresPerEmail, config.loginWindowMs);
    this.signInFailuresByEmail = limit('login-email', config.loginFailuresPerEmailAnywhere, HOUR_MS);
    this.signInFailuresByAddress = limit('login-ip', config.loginAttemptsPerIp, config.loginWindowMs);
    this.registrationsByAddress = limit('register-ip', config.registrationsPerIp, config.registrationWindowMs);
    this.passwordResetsByEmail = limit('reset-email', config.passwordResetsPerEmail, HOUR_MS);
    this.passwordResetsByAddress = limit('reset-ip', config.passwordResetsPerIp, HOUR_MS);
    this.contactMessagesByAddress = limit('contact-ip', config.contactMessagesPerIp, HOUR_MS);
    this.subscriptionsByAddress = limit('subscribe-ip', config.subscriptionsPerIp, HOUR_MS);
    this.ordersByAccount = limit('orders-user', config.ordersPerAccount, HOUR_MS);
    this.ordersByAddress = limit('orders-ip', config.ordersPerIp, HOUR_MS);
    this.paymentsByAccount = limit('payments-user', config.paymentsPerAccount, HOUR_MS);
    this.paymentsByAddress = limit('payments-ip', config.paymentsPerIp, HOUR_MS);
    this.trackingFailuresByOrder = limit('track-order', config.trackingFailuresPerOrder, HOUR_MS);
    this.trackingFailuresByAddress = limit('track-ip', config.trackingFailuresPerIp, TRACKING_IP_WINDOW_MS);
  }

  /** preHandler of the order routes: placing orders, and looking one up by its contact details. */
  readonly orders = async (request: FastifyRequest): Promise<void> => {
    const route = request.routeOptions.url ?? '';
    if (request.method === 'POST' && route.endsWith('/orders')) {
      await spend(request, this.ordersByAccount, this.ordersByAddress, 'Too many orders in a short time');
    } else if (request.method === 'GET' && /\/orders\/:id(\/invoice|\/credit-note)?$/.test(route)) {
      // Reading an order, or its invoice or credit note.
      const contactGiven = (request.query as { contactInfo?: unknown } | undefined)?.contactInfo !== undefined;
      // The owner reading their own order is never limited; a look-up by contact details is a guess until it matches.
      if (request.user && !contactGiven) return;
      const id = String((request.params as { id?: unknown }).id ?? '')
        .trim()
        .toUpperCase()
        .slice(0, 64);
      const keys = { order: limitKey(request.store.id, id), address: limitKey(request.store.id, request.ip) };
      const wait = Math.max(
        await this.trackingFailuresByOrder.retryAfter(keys.order),
        await this.trackingFailuresByAddress.retryAfter(keys.address),
      );
      if (wait) throw tooMany(wait, `Too many order look-ups. Please try again in ${inMinutes(wait)}.`);
      request.trackingKeys = keys;
    }
  };

  /** preHandler of the payment routes: starting a payment (gateways' callbacks are never limited). */
  readonly payments = async (request: FastifyRequest): Promise<void> => {
    if (request.method === 'POST' && request.routeOptions.url?.endsWith('/payments')) {
      await spend(request, this.paymentsByAccount, this.paymentsByAddress, 'Too many payment attempts in a short time');
    }
  };

  /** A look-up that found nothing counts as a failed guess against the order id and the address. */
  async trackingAnswered(request: FastifyRequest, statusCode: number): Promise<void> {
    const keys = request.trackingKeys;
    if (!keys || statusCode !== 404) return;
    await this.trackingFailuresByOrder.count(keys.order);
    await this.trackingFailuresByAddress.count(keys.address);
  }
}

async function spend(request: FastifyRequest, byAccount: Limit, byAddress: Limit, what: string): Promise<void> {
  const storeId = request.store.id;
  let wait = await byAddress.take(limitKey(storeId, request.ip));
  if (request.user) wait = Math.max(wait, await byAccount.take(limitKey(storeId, request.user.id)));
  if (wait) throw tooMany(wait, `${what}. Please try again in ${inMinutes(wait)}.`);
}

/** Makes `app.limits`, counts failed order look-ups as they are answered, and closes the store with the app. */
export function installLimits(app: FastifyInstance, store: LimitStore, config: RateLimitConfig): ShopLimits {
  const limits = new ShopLimits(store, config);
  app.decorate('limits', limits);
  app.addHook('onSend', async (request, reply, payload) => {
    // The answer goes out even when the counter cannot be written.
    await limits
      .trackingAnswered(request, reply.statusCode)
      .catch((error) => request.log.warn({ err: error }, 'could not count a failed order look-up'));
    return payload;
  });
  app.addHook('onClose', async () => store.close());
  return limits;
}

export interface RateLimitConfig {
  /** Failed sign-ins for one email from one network address, per login window. */
  loginFailuresPerEmail: number;
  /** Failed sign-ins for one email from anywhere, per hour: the brake on an attack spread over many addresses. */
  loginFailuresPerEmailAnywhere: number;
  /** Failed sign-ins from one network address, whatever the email, per login window. */
  loginAttemptsPerIp: number;
  loginWindowMs: number;
  registrationsPerIp: number;
  registrationWindowMs: number;
  /** Orders placed per hour, by one account and from one address. */
  ordersPerAccount: number;
  ordersPerIp: number;
  /** Payments started per hour, by one account and from one address. */
  paymentsPerAccount: number;
  paymentsPerIp: number;
  /** Failed order look-ups by id and contact: per order id per hour, per address per 15 minutes. */
  trackingFailuresPerOrder: number;
  trackingFailuresPerIp: number;
  /** Password hashes waiting for a free worker before sign-ins are turned away with 503. */
  passwordHashQueue: number;
  /** Password-reset emails asked for per hour: for one email, and from one network address. */
  passwordResetsPerEmail: number;
  passwordResetsPerIp: number;
  /** Contact messages and newsletter sign-ups per hour from one network address. */
  contactMessagesPerIp: number;
  subscriptionsPerIp: number;
}
