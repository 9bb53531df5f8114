import type { Kysely } from 'kysely';

// The catalogue in Hindi beside English: a product's Hindi title and description (null: the
// English one is shown), a Hindi name for a category or product type, or for a specification's
// label (`kind`; keyed by the lower-cased English name, as products keep it), and the language a
// shopper reads the shop in, kept on the account for what the shop writes to them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('title_hi', 'text').execute();
  await db.schema.alterTable('products').addColumn('description_hi', 'text').execute();
  await db.schema
    .createTable('hindi_names')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('title_hi', 'text', (c) => c.notNull())
    .addUniqueConstraint('hindi_names_once', ['store_id', 'kind', 'name_key'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}
