import type { Kysely } from 'kysely';

// Returns and exchanges asked by shoppers after delivery: each request (its kind, reason, status
// and pickup, and for a cash-on-delivery order where its refund goes), the order lines it takes
// back, each store's return rules (days after delivery, exchanges allowed), and the credit note
// each received return gets for its own lines (an order may have several; its cancellation's
// credit note stays in invoices).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refusal_reason', 'text')
    .addColumn('pickup', 'text')
    .addColumn('courier', 'text')
    .addColumn('awb', 'text')
    .addColumn('refund_upi', 'text')
    .addColumn('exchange_order_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('refused_at', 'text')
    .addColumn('pickup_booked_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_order').on('returns').columns(['store_id', 'order_id']).execute();
  await db.schema
    .createIndex('returns_store_status')
    .on('returns')
    .columns(['store_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .createTable('return_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('return_items_return').on('return_items').columns(['return_id']).execute();
  await db.schema.createIndex('return_items_order_item').on('return_items').columns(['order_item_id']).execute();

  await db.schema
    .createTable('return_rules')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id'))
    .addColumn('window_days', 'integer', (c) => c.notNull())
    .addColumn('exchanges', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('return_credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('return_id', 'text', (c) => c.notNull().unique())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('document_json', 'text', (c) => c.notNull())
    .addUniqueConstraint('return_credit_notes_store_number', ['store_id', 'number'])
    .execute();
  await db.schema
    .createIndex('return_credit_notes_store_time')
    .on('return_credit_notes')
    .columns(['store_id', 'issued_at'])
    .execute();
}
