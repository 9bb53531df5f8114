import type { Kysely } from 'kysely';

// "Notify me" on an out-of-stock product: the address waiting for it, one per product, kept only
// until its one email is written (then the row is deleted; see docs/decisions.md). A product
// deleted takes its waiting addresses with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stock_notices_once', ['product_id', 'email'])
    .execute();
  await db.schema
    .createIndex('stock_notices_by_store')
    .on('stock_notices')
    .columns(['store_id', 'product_id'])
    .execute();
}
