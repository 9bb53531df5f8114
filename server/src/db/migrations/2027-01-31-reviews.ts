import { type Kysely, sql } from 'kysely';

// Reviews from real buyers: one per product per shopper, pending until the merchant approves or
// rejects it (never edited: a reply is its own text). The product keeps its approved reviews' count
// and the sum of their stars, moved on each approval and rejection, so a card's rating costs no count.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id'))
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('moderated_at', 'text')
    .execute();
  await sql`create unique index reviews_one_per_shopper on reviews (store_id, product_id, user_id)`.execute(db);
  await sql`create index reviews_shown on reviews (store_id, product_id, status, created_at)`.execute(db);
  await sql`create index reviews_by_status on reviews (store_id, status, created_at)`.execute(db);
  await db.schema.alterTable('products').addColumn('rating_count', 'integer').execute();
  await db.schema.alterTable('products').addColumn('rating_sum', 'integer').execute();
}
