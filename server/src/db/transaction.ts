import { SqliteAdapter, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs `work` in a transaction that writes. On SQLite it begins IMMEDIATE: the write lock is
 * taken up front, waiting out another process's writer (busy_timeout) instead of failing midway.
 * A deferred transaction that reads first and writes later fails at once with SQLITE_BUSY when
 * another process (the `store` command beside the server) has committed in between.
 */
export async function writeTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return db.transaction().execute(work);
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL); the first error is the one to report.
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
    await sql`commit`.execute(connection);
    return result;
  });
}

/**
 * After a bulk write: PostgreSQL's index-only scans (the listings' counts) need the visibility
 * map that VACUUM sets, which autovacuum would only get round to later (2-3× slower listings
 * until then, measured on 50,000 products); SQLite refreshes its planner statistics.
 */
export async function tidyAfterBulkWrite(db: Database, table: 'products'): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sql`pragma optimize`.execute(db);
  else await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
}
