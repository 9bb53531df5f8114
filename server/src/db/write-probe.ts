import { sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Writes one row and commits it: a database that answers reads but cannot store an order
 * (disk full, read-only file or standby server) fails here, not in the middle of a checkout.
 */
export async function probeWrite(db: Database): Promise<void> {
  await sql`insert into rate_limits (key, points, expire) values ('write-probe', 0, ${Date.now()})
            on conflict (key) do update set expire = excluded.expire`.execute(db);
}
