import type { Kysely } from 'kysely';

// A return's reverse pickup booked through the store's courier service (a Shiprocket return order):
// one row per return, its steps kept as they are done (creating → created → awb), so a retried
// booking resumes and the courier never holds two return orders for one return. And the photos a
// shopper sends with a return (at most three, checked images, kept in base64 like the invoice signature).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('return_pickups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('return_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('shipment_id', 'text')
    .addColumn('awb', 'text')
    .addColumn('courier_name', 'text')
    .addColumn('busy_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('return_pickups_return')
    .on('return_pickups')
    .columns(['store_id', 'return_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('return_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data_base64', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('return_photos_return')
    .on('return_photos')
    .columns(['return_id', 'position'])
    .unique()
    .execute();
}
