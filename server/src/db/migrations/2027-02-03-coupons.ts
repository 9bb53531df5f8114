import { type Kysely, sql } from 'kysely';

// Coupons and automatic offers: a code (kept as typed, matched case-insensitively through
// code_key, unique per store) or none for an offer every eligible order gets. Each use is a row
// with its order, taken in the order's transaction; the coupon keeps its count of uses held, moved
// by a guarded update so parallel orders cannot pass its limit. A cancelled order gives its use back.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('code', 'text')
    .addColumn('code_key', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('percent', 'integer')
    .addColumn('amount', 'integer')
    .addColumn('max_discount', 'integer')
    .addColumn('min_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('categories_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('product_ids_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('prepaid_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index coupons_code_per_store on coupons (store_id, code_key)`.execute(db);
  await db.schema
    .createTable('coupon_uses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .execute();
  await sql`create unique index coupon_uses_one_per_order on coupon_uses (order_id)`.execute(db);
  await sql`create index coupon_uses_by_customer on coupon_uses (coupon_id, user_id)`.execute(db);
}
