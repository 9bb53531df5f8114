import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

// Every process keeps its stores' rows and whole catalogue answers in memory (see change-watch.ts):
// a stock change moves the store's row too, and on PostgreSQL every change to a store's row is
// announced to the other processes when it commits.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('stock_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialectOf(db) === 'sqlite') return;
  await sql`create or replace function announce_store_change() returns trigger language plpgsql as $$
        begin perform pg_notify('stores_changed', ''); return null; end $$`.execute(db);
  await sql`create trigger stores_changed after insert or update or delete on stores
        for each statement execute function announce_store_change()`.execute(db);
}
