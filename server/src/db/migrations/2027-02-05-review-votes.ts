import type { Kysely } from 'kysely';

// Helpful votes on reviews: one per shopper per review (the review keeps the count), and the
// review-request email of each delivered order, recorded so that it goes out once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'text', (c) => c.notNull().references('reviews.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('review_votes_one_per_shopper', ['review_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('review_requests')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}
