import { type Kysely, sql } from 'kysely';

// "Notify me" for one variant: a wish names the variant's SKU ('' for the product itself, as every
// wish before did), and an address may wait for each variant of a product once. SQLite cannot drop
// the old (product, email) constraint, so the table is written anew on both databases alike.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_notices_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_sku', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stock_notices_once_per_variant', ['product_id', 'variant_sku', 'email'])
    .execute();
  await sql`insert into stock_notices_next (id, store_id, product_id, variant_sku, email, created_at)
    select id, store_id, product_id, '', email, created_at from stock_notices`.execute(db);
  await db.schema.dropIndex('stock_notices_by_store').execute();
  await db.schema.dropTable('stock_notices').execute();
  await db.schema.alterTable('stock_notices_next').renameTo('stock_notices').execute();
  await db.schema
    .createIndex('stock_notices_by_store')
    .on('stock_notices')
    .columns(['store_id', 'product_id'])
    .execute();
}
