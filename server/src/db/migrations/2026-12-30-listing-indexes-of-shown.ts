import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

// The listing indexes (and PostgreSQL's index of words) hold the products shoppers see and no
// others (their queries say so in their text: see catalog/shown.ts). A product an import writes hidden is in none of them until
// it is shown, which then adds it once; the back office finds hidden products by a small index
// of their own.

/** The indexes of the listings, sorted each way, and of the storefront's search pages: shown products only. */
const SHOWN_PRODUCTS_INDEXES = [
  ['products_listing_all', 'store_id, position, id'],
  ['products_listing_category', 'store_id, category_key, position, id'],
  ['products_listing_type', 'store_id, category_key, parent_category_key, position, id'],
  ['products_listing_featured', 'store_id, featured, position, id'],
  ['products_by_price', 'store_id, effective_price, id'],
  ['products_by_time', 'store_id, created_at, id'],
  ['products_by_discount', 'store_id, discount_bp, id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of SHOWN_PRODUCTS_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await sql.raw(`create index ${name} on products (${columns}) where hidden = 0`).execute(db);
  }
  await sql`create index products_hidden on products (store_id, position, id) where hidden = 1`.execute(db);
  // PostgreSQL's index of words serves the storefront's search alone (the back office counts
  // from product_words, and tests each product's own words in catalogue order).
  if (dialectOf(db) === 'postgres') {
    await sql`drop index products_search`.execute(db);
    await sql`create index products_search on products using gin (search_vector) where hidden = 0`.execute(db);
  }
}
