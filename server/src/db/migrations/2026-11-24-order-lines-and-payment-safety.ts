import type { Kysely } from 'kysely';

// Options travel with the order; unpaid orders expire; every verified payment is kept, and a
// payment that could not be applied is flagged for refund; each status move is recorded.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('size', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('color', 'text').execute();
  await db.schema.alterTable('orders').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_provider', 'text').execute();
  await db.schema.alterTable('orders').addColumn('client_address', 'text').execute();
  await db.schema.alterTable('orders').addColumn('courier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_url', 'text').execute();
  await db.schema
    .alterTable('payments')
    .addColumn('needs_refund', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('payments_needs_refund').on('payments').columns(['store_id', 'needs_refund']).execute();
  // Open (Pending) orders by age, for the sweep that returns unpaid orders' stock.
  await db.schema.createIndex('orders_pending_age').on('orders').columns(['status', 'created_at']).execute();
  await db.schema
    .createIndex('orders_client_address')
    .on('orders')
    .columns(['store_id', 'client_address', 'status'])
    .execute();
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'created_at']).execute();
}
