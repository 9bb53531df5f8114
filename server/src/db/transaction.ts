import { SqliteAdapter, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * Runs `work` in a transaction that writes, again (up to five times) when the database gave up
 * on it for a deadlock, a serialization failure or a busy lock. On SQLite it begins IMMEDIATE: the write lock is
 * taken up front, waiting out another process's writer (busy_timeout) instead of failing midway.
 * A deferred transaction that reads first and writes later fails at once with SQLITE_BUSY when
 * another process (the `store` command beside the server) has committed in between.
 */
export async function writeTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await runOnce(db, work);
      writesCommitted(db);
      return result;
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      // Jitter, so two transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));
    }
  }
}

const MAX_ATTEMPTS = 5;

/**
 * A deadlock or serialization failure (PostgreSQL 40P01, 40001) or a busy database (SQLite): the
 * database rolled the whole transaction back, so running it again is safe.
 */
export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

async function runOnce<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
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

const commitWatchers = new WeakMap<Database, Set<() => void>>();

/** `watcher` hears of every write transaction this process commits on `db`; the answer stops it. */
export function watchCommits(db: Database, watcher: () => void): () => void {
  const watchers = commitWatchers.get(db) ?? new Set();
  commitWatchers.set(db, watchers);
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * Writes on `db` were committed by this process: what it keeps in memory from the database is read
 * again, at once, without waiting for the database's own word of the change.
 */
function writesCommitted(db: Database): void {
  for (const watcher of commitWatchers.get(db) ?? []) watcher();
}
