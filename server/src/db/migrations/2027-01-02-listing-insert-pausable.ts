import type { Kysely } from 'kysely';
import { runStatements } from './dialect.js';

// PostgreSQL: a bulk insert pauses the sums' insert trigger too, and adds its own shares (see
// listing-counts-sql.ts): an import writes its new products in one transaction and adds their
// shares at its end.

/** As `LISTING_INSERT_PAUSABLE_SQL` of modules/catalog/listing-counts-sql.ts read when this migration was released. */
const LISTING_INSERT_PAUSABLE_SQL = [
  'drop trigger listing_counts_insert on products',
  `create trigger listing_counts_insert after insert on products referencing new table as added
    for each statement when (coalesce(current_setting('store.products_bulk_write', true), '') <> 'on') execute function listing_counts_insert()`,
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, { sqlite: [], postgres: LISTING_INSERT_PAUSABLE_SQL });
}
