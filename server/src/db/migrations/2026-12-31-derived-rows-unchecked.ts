import type { Kysely } from 'kysely';
import { runStatements } from './dialect.js';

// PostgreSQL: the specifications and words of products are no longer checked row by row against
// their product; a statement trigger deletes those of deleted products (see search-index.ts).

/** As `DERIVED_ROWS_UNCHECKED_SQL` of modules/catalog/search/search-index.ts read when this migration was released. */
const DERIVED_ROWS_UNCHECKED_SQL = [
  `do $$ declare c record;
  begin
    for c in select conrelid::regclass as derived, conname from pg_constraint
      where contype = 'f' and conrelid in ('product_specs'::regclass, 'product_words'::regclass) loop
      execute format('alter table %s drop constraint %I', c.derived, c.conname);
    end loop;
  end $$`,
  `create function products_derived_delete() returns trigger language plpgsql as $$
  begin
    delete from product_specs where product_id in (select id from removed);
    delete from product_words where product_id in (select id from removed);
    return null;
  end $$`,
  `create trigger products_derived_delete after delete on products referencing old table as removed
    for each statement execute function products_derived_delete()`,
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, { sqlite: [], postgres: DERIVED_ROWS_UNCHECKED_SQL });
}
