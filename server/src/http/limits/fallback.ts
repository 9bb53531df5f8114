import type { Redis } from 'ioredis';
import type { Count, Counter, LimitStore } from './counters.js';
import { fastFailingRedis, RedisCounter, readyWithin } from './redis-counter.js';

/** After Redis fails, the database's counters are used this long before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 5_000;

/**
 * A circuit around Redis: closed, every count goes to Redis; when a call fails (refused, timed
 * out, not connected) it opens and counts go to the database for a while, then one call tries
 * Redis again. Counts made during an outage stay in the database: a window may restart once on
 * each switch, which is the price of answering at all.
 */
class Circuit {
  private openUntil = 0;
  private reason: string | undefined;

  constructor(private readonly retryAfterMs: number) {}

  async call<T>(viaRedis: () => Promise<T>, viaDatabase: () => Promise<T>): Promise<T> {
    if (Date.now() < this.openUntil) return viaDatabase();
    try {
      const result = await viaRedis();
      this.reason = undefined;
      return result;
    } catch (error) {
      this.trip(error);
      return viaDatabase();
    }
  }

  trip(error: unknown): void {
    this.openUntil = Date.now() + this.retryAfterMs;
    this.reason = error instanceof Error ? error.message : String(error);
  }

  get trouble(): string | undefined {
    return this.reason;
  }
}

class FallbackCounter implements Counter {
  constructor(
    private readonly circuit: Circuit,
    private readonly redis: Counter,
    private readonly database: Counter,
  ) {}

  get points(): number {
    return this.redis.points;
  }

  add(key: string): Promise<Count> {
    return this.either((counter) => counter.add(key));
  }

  subtract(key: string): Promise<void> {
    return this.either((counter) => counter.subtract(key));
  }

  peek(key: string): Promise<Count | null> {
    return this.either((counter) => counter.peek(key));
  }

  delete(key: string): Promise<void> {
    return this.either((counter) => counter.delete(key));
  }

  /** Redis while the circuit lets it, else the database. */
  private either<T>(use: (counter: Counter) => Promise<T>): Promise<T> {
    return this.circuit.call(
      () => use(this.redis),
      () => use(this.database),
    );
  }
}

/**
 * Counters in Redis (`REDIS_URL`), for shops that already run one, with the database's counters
 * behind them: Redis down or stuck costs a sign-in at most one timeout, never an error.
 */
export function redisLimitStore(
  url: string,
  database: LimitStore,
  prefix = 'rl',
  retryAfterMs = REDIS_RETRY_AFTER_MS,
): LimitStore & { ready(): Promise<void> } {
  const redis: Redis = fastFailingRedis(url);
  const circuit = new Circuit(retryAfterMs);
  return {
    limiter(name, points, windowMs) {
      return new FallbackCounter(
        circuit,
        new RedisCounter(redis, `${prefix}:${name}`, points, windowMs),
        database.limiter(name, points, windowMs),
      );
    },
    async trouble() {
      // Asked by /health: a ping tells a stuck Redis from a quiet one.
      await circuit.call(
        () => redis.ping(),
        async () => '',
      );
      const reason = circuit.trouble;
      return reason ? `redis: ${reason}; rate limits are counted in the database meanwhile` : undefined;
    },
    ready: () => readyWithin(redis, 1_000),
    async close() {
      await database.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
