import type { Kysely } from 'kysely';

// Couriers booked through an outside service (Shiprocket first): each store's courier settings, one
// booking per order (its state machine keeps a retried booking from being made twice), and every
// tracking event the courier sent (a replay is known by its key and changes nothing).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('courier_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull())
    .addColumn('token', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('courier_bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('provider_order_id', 'text')
    .addColumn('shipment_id', 'text')
    .addColumn('awb', 'text')
    .addColumn('courier_name', 'text')
    .addColumn('label_file', 'text')
    .addColumn('busy_until', 'text')
    .addColumn('last_event_at', 'text')
    .addColumn('last_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_bookings_order')
    .on('courier_bookings')
    .columns(['store_id', 'order_id'])
    .unique()
    .execute();
  await db.schema.createIndex('courier_bookings_awb').on('courier_bookings').columns(['store_id', 'awb']).execute();

  await db.schema
    .createTable('courier_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('location', 'text')
    .addColumn('happened_at', 'text', (c) => c.notNull())
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('courier_events_key')
    .on('courier_events')
    .columns(['store_id', 'event_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('courier_events_order')
    .on('courier_events')
    .columns(['order_id', 'happened_at'])
    .execute();
}
