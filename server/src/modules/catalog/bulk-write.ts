import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * A bulk write of products (an import's new products, and their showing) pauses the row triggers
 * that keep the search index, the specifications and the listing sums, for its one statement, and
 * writes the same rows set-based right after it in the same transaction (import/catalogue-import.ts):
 * row by row, the triggers made an import of a million products take half an hour.
 *
 * The pause is a mark that only the bulk write's own transaction sees, set just before its
 * statement and cleared just after it: every other writer (an order, a back-office edit, another
 * process) still runs the triggers, and a rollback takes the mark away with everything else.
 * - SQLite: a row in a main-schema table (a trigger may only read the main schema). SQLite has one
 *   writer: while the mark is there, no other connection can write, and none sees it uncommitted.
 * - PostgreSQL: a setting local to the transaction.
 */
export const TRIGGERS_RUN = {
  sqlite: 'not exists (select 1 from products_bulk_write)',
  postgres: "coalesce(current_setting('store.products_bulk_write', true), '') <> 'on'",
} as const;

/** SQLite's table for the mark: empty but for the length of one bulk statement. */
export const BULK_WRITE_TABLE_SQL = 'create table products_bulk_write (paused integer not null)';

/** Runs one bulk statement with the row triggers of products paused; they run again for whatever follows. */
export async function withRowTriggersPaused(trx: Database, statement: () => Promise<unknown>): Promise<void> {
  const sqlite = trx.getExecutor().adapter instanceof SqliteAdapter;
  await (sqlite
    ? sql`insert into products_bulk_write (paused) values (1)`
    : sql`select set_config('store.products_bulk_write', 'on', true)`
  ).execute(trx);
  // On failure the error rolls the whole transaction back, the mark with it.
  await statement();
  await (sqlite
    ? sql`delete from products_bulk_write`
    : sql`select set_config('store.products_bulk_write', '', true)`
  ).execute(trx);
}
