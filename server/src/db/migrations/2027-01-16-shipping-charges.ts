import type { Kysely } from 'kysely';

// Shipping charged the way couriers bill. An order's charges beyond its items (shipping, later a
// cash-on-delivery fee) are lines of their own, each with its tax code and rate, in the order's
// total. Products get an optional weight and size for the courier's slab; the store keeps its
// shipping rules as JSON (null: none set, nothing charged).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('sac', 'text', (c) => c.notNull())
    .addColumn('gst_rate', 'real')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_charges_order').on('order_charges').column('order_id').execute();
  await db.schema.alterTable('products').addColumn('weight_grams', 'integer').execute();
  await db.schema.alterTable('products').addColumn('length_cm', 'real').execute();
  await db.schema.alterTable('products').addColumn('breadth_cm', 'real').execute();
  await db.schema.alterTable('products').addColumn('height_cm', 'real').execute();
  await db.schema.alterTable('stores').addColumn('shipping_json', 'text').execute();
}
