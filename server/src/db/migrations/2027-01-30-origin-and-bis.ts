import { type Kysely, sql } from 'kysely';

// The law's particulars on the listing: a product's BIS registration (its R-number, for goods under
// the Compulsory Registration Scheme), the categories the merchant marks as BIS-notified (an import
// refuses their products without one), and an index for the country-of-origin filter, matched
// whatever its case.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('bis_registration', 'text').execute();
  await db.schema.alterTable('stores').addColumn('bis_categories_json', 'text').execute();
  await sql`create index products_store_origin on products (store_id, lower(country_of_origin))`.execute(db);
}
