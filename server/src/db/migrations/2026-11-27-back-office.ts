import type { Kysely } from 'kysely';

// The back office: staff accounts apart from shoppers, their server-side sessions, and a log of
// every change made through the back office or the `store` command.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // null: every store of this server.
    .addColumn('store_id', 'text', (c) => c.references('stores.id'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').column('staff_id').execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.references('stores.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_store_time').on('audit_log').columns(['store_id', 'created_at']).execute();
  // Products at or below this stock are shown as low in the back office.
  await db.schema
    .alterTable('stores')
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(5))
    .execute();
  // The back office's lists at 100,000 products and 50,000 orders: every order newest first (and
  // by date), an order by its email or phone, every product (hidden too) in catalogue order or by
  // category, the products low on stock, and the store's categories.
  await db.schema.createIndex('orders_store_time').on('orders').columns(['store_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('orders_store_email').on('orders').columns(['store_id', 'email']).execute();
  await db.schema.createIndex('orders_store_phone').on('orders').columns(['store_id', 'phone_digits']).execute();
  await db.schema.createIndex('products_store_order').on('products').columns(['store_id', 'position', 'id']).execute();
  await db.schema
    .createIndex('products_store_category')
    .on('products')
    .columns(['store_id', 'category_key', 'position', 'id'])
    .execute();
  await db.schema.createIndex('products_store_stock').on('products').columns(['store_id', 'stock']).execute();
  await db.schema
    .createIndex('products_store_category_name')
    .on('products')
    .columns(['store_id', 'category'])
    .execute();
}
