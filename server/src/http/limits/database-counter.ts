import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Count, Counter, LimitStore } from './counters.js';

/** Rows whose window ended this long ago are swept. */
const SWEEP_AFTER_MS = 3_600_000;
const SWEEP_EVERY_MS = 300_000;

/**
 * A fixed window per key in the `rate_limits` table, on SQLite and PostgreSQL alike: one
 * `insert … on conflict … returning` counts and reads in a single statement, so parallel sign-ins
 * in one or many processes each see their own place in the count, never a count from before.
 */
export class DatabaseCounter implements Counter {
  constructor(
    private readonly db: Database,
    private readonly name: string,
    readonly points: number,
    private readonly windowMs: number,
  ) {}

  async add(key: string): Promise<Count> {
    const now = Date.now();
    const { rows } = await sql<{ points: number | string; expire: number | string }>`
      insert into rate_limits (key, points, expire) values (${this.keyOf(key)}, 1, ${now + this.windowMs})
      on conflict (key) do update set
        points = case when rate_limits.expire > ${now} then rate_limits.points + 1 else 1 end,
        expire = case when rate_limits.expire > ${now} then rate_limits.expire else excluded.expire end
      returning points, expire`.execute(this.db);
    const row = rows[0];
    if (!row) throw new Error('the rate-limit counter was not written');
    return { consumed: Number(row.points), msBeforeNext: Math.max(Number(row.expire) - now, 0) };
  }

  async subtract(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set((eb) => ({ points: eb('points', '-', 1) }))
      .where('key', '=', this.keyOf(key))
      .where('expire', '>', Date.now())
      .where('points', '>', 0)
      .execute();
  }

  async peek(key: string): Promise<Count | null> {
    const now = Date.now();
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', this.keyOf(key))
      .where('expire', '>', now)
      .executeTakeFirst();
    return row ? { consumed: Number(row.points), msBeforeNext: Math.max(Number(row.expire) - now, 0) } : null;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', this.keyOf(key)).execute();
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }
}

/** Counters in the shop's own database (the `rate_limits` table), swept of old windows every five minutes. */
export function databaseLimitStore(db: Database): LimitStore {
  const sweeper = setInterval(() => {
    db.deleteFrom('rate_limits')
      .where('expire', '<', Date.now() - SWEEP_AFTER_MS)
      .execute()
      .catch(() => {});
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    limiter: (name, points, windowMs) => new DatabaseCounter(db, name, points, windowMs),
    trouble: async () => undefined,
    async close() {
      clearInterval(sweeper);
    },
  };
}
