import type { Kysely } from 'kysely';

// Every listing the storefront asks for walks one index in its own order (position, then id),
// so a page costs the same on a catalogue of 50 or 50,000 (measured in bench/RESULTS.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_listing').execute();
  await db.schema.dropIndex('products_listing_all').execute();
  const listingIndex = (name: string, filters: string[]) =>
    db.schema
      .createIndex(name)
      .on('products')
      .columns(['store_id', 'hidden', ...filters, 'position', 'id'])
      .execute();
  await listingIndex('products_listing_all', []);
  await listingIndex('products_listing_category', ['category_key']);
  await listingIndex('products_listing_type', ['category_key', 'parent_category_key']);
  await listingIndex('products_listing_featured', ['featured']);
}
