import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

// A store's change is announced with its schema, so that shops in other schemas of the same
// server (each listening on the same channel) keep what they hold (see change-watch.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return;
  await sql`create or replace function announce_store_change() returns trigger language plpgsql as $$
        begin perform pg_notify('stores_changed', tg_table_schema); return null; end $$`.execute(db);
}
