import { type Kysely, type Migration, type MigrationProvider, SqliteAdapter, sql } from 'kysely';
import { BULK_WRITE_TABLE_SQL } from '../modules/catalog/bulk-write.js';
import {
  LISTING_COUNTS_PAUSABLE_SQL,
  LISTING_COUNTS_SQL,
  LISTING_INSERT_PAUSABLE_SQL,
  LISTING_POSITIONS_SQL,
} from '../modules/catalog/listing-counts-sql.js';
import {
  DERIVED_ROWS_UNCHECKED_SQL,
  PRODUCT_SEARCH_SQL,
  PRODUCT_WORDS_SQL,
  SEARCH_BY_STORE_SQL,
  SEARCH_TRIGGERS_PAUSABLE_SQL,
} from '../modules/catalog/search/search-index.js';
import { searchColumns } from '../modules/catalog/search/text.js';

/** Migrations are written once with Kysely's schema builder and run on SQLite and PostgreSQL alike. */
const dialectOf = (db: Kysely<unknown>) => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/** Runs, in order, the statements written for the database's own dialect. */
async function runStatements(
  db: Kysely<unknown>,
  statements: Readonly<Record<'sqlite' | 'postgres', readonly string[]>>,
) {
  for (const statement of statements[dialectOf(db)]) await sql.raw(statement).execute(db);
}

const migrations: Record<string, Migration> = {
  '2026-11-01-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stores')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull().unique())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('store_name', 'text', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('company_address', 'text', (c) => c.notNull())
        .addColumn('company_email', 'text', (c) => c.notNull())
        .addColumn('company_phone', 'text', (c) => c.notNull())
        .addColumn('company_logo_url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('categories_json', 'text', (c) => c.notNull())
        .addColumn('category_images_json', 'text', (c) => c.notNull())
        .addColumn('policies_json', 'text', (c) => c.notNull())
        .addColumn('payment_provider', 'text', (c) => c.notNull())
        .addColumn('payment_config_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('users_store_email', ['store_id', 'email'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('category_key', 'text', (c) => c.notNull())
        .addColumn('parent_category', 'text')
        .addColumn('parent_category_key', 'text')
        .addColumn('gender', 'text')
        .addColumn('gender_key', 'text')
        .addColumn('regular_price', 'bigint', (c) => c.notNull())
        .addColumn('discounted_price', 'bigint')
        .addColumn('stock', 'integer', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('img_url', 'text', (c) => c.notNull())
        .addColumn('images_json', 'text', (c) => c.notNull())
        .addColumn('attributes_json', 'text', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('products_store_sku', ['store_id', 'sku'])
        .addCheckConstraint('products_stock_not_negative', sql`stock >= 0`)
        .execute();
      await db.schema
        .createIndex('products_listing')
        .on('products')
        .columns(['store_id', 'hidden', 'category_key', 'position'])
        .execute();
      await db.schema
        .createIndex('products_listing_all')
        .on('products')
        .columns(['store_id', 'hidden', 'position'])
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('full_name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('postal_code', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('phone_digits', 'text', (c) => c.notNull())
        .addColumn('shipping_method', 'text', (c) => c.notNull())
        .addColumn('tracking_number', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['store_id', 'user_id', 'created_at']).execute();
      await db.schema.createIndex('orders_status').on('orders').columns(['store_id', 'status', 'created_at']).execute();

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_title', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('detail_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('payments_provider_reference', ['provider', 'reference'])
        .execute();
      await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();
    },
  },

  // Every listing the storefront asks for walks one index in its own order (position, then id),
  // so a page costs the same on a catalogue of 50 or 50,000 (measured in bench/RESULTS.md).
  '2026-11-23-listing-indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('products_listing').execute();
      await db.schema.dropIndex('products_listing_all').execute();
      const listingIndex = (name: string, filters: string[]) =>
        db.schema
          .createIndex(name)
          .on('products')
          .columns(['store_id', 'hidden', ...filters, 'position', 'id'])
          .execute();
      await listingIndex('products_listing_all', []);
      await listingIndex('products_listing_category', ['category_key']);
      await listingIndex('products_listing_type', ['category_key', 'parent_category_key']);
      await listingIndex('products_listing_featured', ['featured']);
    },
  },

  // Options travel with the order; unpaid orders expire; every verified payment is kept, and a
  // payment that could not be applied is flagged for refund; each status move is recorded.
  '2026-11-24-order-lines-and-payment-safety': {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createIndex('payments_needs_refund')
        .on('payments')
        .columns(['store_id', 'needs_refund'])
        .execute();
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
      await db.schema
        .createIndex('order_events_order')
        .on('order_events')
        .columns(['order_id', 'created_at'])
        .execute();
    },
  },
  '2026-11-25-rate-limits': {
    async up(db: Kysely<unknown>) {
      // The counters of rate-limiter-flexible's SQLite and PostgreSQL stores, shared by every server process.
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expire', 'bigint')
        .execute();
      await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
    },
  },
  // The back office: staff accounts apart from shoppers, their server-side sessions, and a log of
  // every change made through the back office or the `store` command.
  '2026-11-27-back-office': {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createIndex('products_store_order')
        .on('products')
        .columns(['store_id', 'position', 'id'])
        .execute();
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
    },
  },

  // The storefront's texts become the merchant's own: a store that has not given them shows none.
  '2026-11-28-storefront-texts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('stores')
        .addColumn('storefront_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  },

  // The transactional outbox: a message is a row written with the change that causes it, and a
  // sender claims and delivers it with retries.
  '2026-11-29-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      // The sender's look-up of what is due, and the merchant's list newest first.
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_store_time').on('outbox').columns(['store_id', 'created_at']).execute();
    },
  },

  // Password resets, contact tickets and newsletter subscribers; numbered things (tickets, later
  // invoices) draw from per-store sequences; a message may carry extra headers (List-Unsubscribe).
  '2026-11-30-resets-tickets-subscribers': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('headers_json', 'text').execute();
      await db.schema
        .createTable('sequences')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
      await db.schema
        .createTable('tickets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('tickets_store_number', ['store_id', 'number'])
        .execute();
      await db.schema.createIndex('tickets_store_time').on('tickets').columns(['store_id', 'created_at']).execute();
      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('consent_text', 'text', (c) => c.notNull())
        .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
        .addColumn('subscribed_at', 'text', (c) => c.notNull())
        .addColumn('withdrawn_at', 'text')
        .addUniqueConstraint('subscribers_store_email', ['store_id', 'email'])
        .execute();
    },
  },

  // GST: the seller's particulars, each product's legal particulars, the rate and HSN an order line
  // was sold at, the buyer's GSTIN, and the invoices and credit notes as issued.
  '2026-12-01-gst': {
    async up(db: Kysely<unknown>) {
      for (const column of ['legal_name', 'gstin', 'invoice_prefix', 'grievance_officer_json'])
        await db.schema.alterTable('stores').addColumn(column, 'text').execute();
      for (const column of ['hsn', 'country_of_origin', 'manufacturer', 'importer', 'net_quantity'])
        await db.schema.alterTable('products').addColumn(column, 'text').execute();
      await db.schema.alterTable('products').addColumn('gst_rate', 'real').execute();
      await db.schema.alterTable('products').addColumn('mrp', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('hsn', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('gst_rate', 'real').execute();
      await db.schema.alterTable('orders').addColumn('buyer_gstin', 'text').execute();
      await db.schema.alterTable('orders').addColumn('buyer_company', 'text').execute();
      await db.schema
        .createTable('invoices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('document_json', 'text', (c) => c.notNull())
        .addUniqueConstraint('invoices_store_number', ['store_id', 'number'])
        .addUniqueConstraint('invoices_order_kind', ['order_id', 'kind'])
        .execute();
      await db.schema.createIndex('invoices_store_time').on('invoices').columns(['store_id', 'issued_at']).execute();
    },
  },

  // Search: each product's words as the search reads them, a full-text index kept by the database
  // itself (FTS5 on SQLite, a weighted tsvector on PostgreSQL), its specifications one row per
  // value for filters and facets, and the price a shopper pays and the discount, for sorting.
  '2026-12-10-search': {
    async up(db: Kysely<unknown>) {
      for (const column of ['search_title', 'search_kind', 'search_specs'])
        await db.schema
          .alterTable('products')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      await db.schema
        .alterTable('products')
        .addColumn('effective_price', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update products set effective_price = coalesce(discounted_price, regular_price),
        discount_bp = case when discounted_price is null or regular_price <= 0 then 0
          else ((regular_price - discounted_price) * 10000) / regular_price end`.execute(db);
      for (const [name, columns] of [
        ['products_by_price', ['store_id', 'hidden', 'effective_price', 'id']],
        ['products_by_time', ['store_id', 'hidden', 'created_at', 'id']],
        ['products_by_discount', ['store_id', 'hidden', 'discount_bp', 'id']],
        ['products_updated', ['store_id', 'updated_at']],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('products')
          .columns([...columns])
          .execute();

      await db.schema
        .createTable('product_specs')
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('store_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('value_key', 'text', (c) => c.notNull())
        .addColumn('unit', 'text')
        .execute();
      await db.schema.createIndex('product_specs_product').on('product_specs').column('product_id').execute();
      await db.schema
        .createIndex('product_specs_filter')
        .on('product_specs')
        .columns(['store_id', 'name_key', 'value_key', 'product_id'])
        .execute();

      const dialect = dialectOf(db);
      for (const statement of PRODUCT_SEARCH_SQL[dialect].create) await sql.raw(statement).execute(db);

      // Existing products: their words (written through the triggers into the index) and specifications.
      let after = '';
      for (;;) {
        const rows = await sql<{
          id: string;
          sku: string;
          title: string;
          category: string;
          parent_category: string | null;
          attributes_json: string;
        }>`
          select id, sku, title, category, parent_category, attributes_json from products
          where id > ${after} order by id limit 500`.execute(db);
        for (const row of rows.rows) {
          const columns = searchColumns({
            sku: row.sku,
            title: row.title,
            category: row.category,
            parentCategory: row.parent_category,
            attributes: JSON.parse(row.attributes_json),
          });
          await sql`update products set search_title = ${columns.search_title}, search_kind = ${columns.search_kind},
            search_specs = ${columns.search_specs} where id = ${row.id}`.execute(db);
        }
        if (rows.rows.length < 500) break;
        after = rows.rows[rows.rows.length - 1]?.id ?? after;
      }
      await sql.raw(PRODUCT_SEARCH_SQL[dialect].specsOfAll).execute(db);
    },
  },

  // The merchant's own search synonyms (store info `searchSynonyms`), as JSON groups of words.
  '2026-12-12-search-synonyms': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('stores').addColumn('search_synonyms_json', 'text').execute();
    },
  },

  // A number each catalogue change moves, in the change's own transaction: every process reads it
  // with the store, and keeps what it counted for a listing only while it has not moved.
  '2026-12-14-catalog-version': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('stores')
        .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },

  // The back office counts a search of one store from the indexes alone (see search-index.ts).
  '2026-12-16-search-by-store': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db);
      await runStatements(db, SEARCH_BY_STORE_SQL);
      if (dialect === 'postgres') for (const statement of PRODUCT_WORDS_SQL) await sql.raw(statement).execute(db);
    },
  },

  // Every process keeps its stores' rows and whole catalogue answers in memory (see change-watch.ts):
  // a stock change moves the store's row too, and on PostgreSQL every change to a store's row is
  // announced to the other processes when it commits.
  '2026-12-20-store-changes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('stores')
        .addColumn('stock_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialectOf(db) === 'sqlite') return;
      await sql`create or replace function announce_store_change() returns trigger language plpgsql as $$
        begin perform pg_notify('stores_changed', ''); return null; end $$`.execute(db);
      await sql`create trigger stores_changed after insert or update or delete on stores
        for each statement execute function announce_store_change()`.execute(db);
    },
  },

  // The browsing listings' totals and facets, kept by the database as products change (see listing-counts-sql.ts).
  '2026-12-22-listing-counts': {
    async up(db: Kysely<unknown>) {
      await runStatements(db, LISTING_COUNTS_SQL);
    },
  },

  // A bulk write of products may pause the row triggers of the search index, the specifications and
  // the listing sums for its own statement, and write the same rows set-based (see bulk-write.ts).
  '2026-12-24-bulk-writes': {
    async up(db: Kysely<unknown>) {
      const dialect = dialectOf(db);
      const statements = [
        ...(dialect === 'sqlite' ? [BULK_WRITE_TABLE_SQL] : []),
        ...SEARCH_TRIGGERS_PAUSABLE_SQL[dialect],
        ...LISTING_COUNTS_PAUSABLE_SQL[dialect],
      ];
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },

  // The browsing listings' products counted by buckets of positions too, so that a deep page need
  // not walk every product before it (see ListingCounts.pageStart).
  '2026-12-26-listing-positions': {
    async up(db: Kysely<unknown>) {
      await runStatements(db, LISTING_POSITIONS_SQL);
    },
  },

  // A store's change is announced with its schema, so that shops in other schemas of the same
  // server (each listening on the same channel) keep what they hold (see change-watch.ts).
  '2026-12-28-store-changes-by-schema': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'sqlite') return;
      await sql`create or replace function announce_store_change() returns trigger language plpgsql as $$
        begin perform pg_notify('stores_changed', tg_table_schema); return null; end $$`.execute(db);
    },
  },

  // The listing indexes (and PostgreSQL's index of words) hold the products shoppers see and no
  // others (their queries say so in their text: see catalog/shown.ts). A product an import writes hidden is in none of them until
  // it is shown, which then adds it once; the back office finds hidden products by a small index
  // of their own.
  '2026-12-30-listing-indexes-of-shown': {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of SHOWN_PRODUCTS_INDEXES) {
        await db.schema.dropIndex(name).execute();
        await sql.raw(`create index ${name} on products (${columns}) where hidden = 0`).execute(db);
      }
      await sql`create index products_hidden on products (store_id, position, id) where hidden = 1`.execute(db);
      // PostgreSQL's index of words serves the storefront's search alone (the back office counts
      // from product_words, and tests each product's own words in catalogue order).
      if (dialectOf(db) === 'postgres') {
        await sql`drop index products_search`.execute(db);
        await sql`create index products_search on products using gin (search_vector) where hidden = 0`.execute(db);
      }
    },
  },

  // PostgreSQL: the specifications and words of products are no longer checked row by row against
  // their product; a statement trigger deletes those of deleted products (see search-index.ts).
  '2026-12-31-derived-rows-unchecked': {
    async up(db: Kysely<unknown>) {
      await runStatements(db, { sqlite: [], postgres: DERIVED_ROWS_UNCHECKED_SQL });
    },
  },

  // PostgreSQL: a bulk insert pauses the sums' insert trigger too, and adds its own shares (see
  // listing-counts-sql.ts): an import writes its new products in one transaction and adds their
  // shares at its end.
  '2027-01-02-listing-insert-pausable': {
    async up(db: Kysely<unknown>) {
      await runStatements(db, { sqlite: [], postgres: LISTING_INSERT_PAUSABLE_SQL });
    },
  },
};

/** The indexes of the listings, sorted each way, and of the storefront's search pages: shown products only. */
const SHOWN_PRODUCTS_INDEXES = [
  ['products_listing_all', 'store_id, position, id'],
  ['products_listing_category', 'store_id, category_key, position, id'],
  ['products_listing_type', 'store_id, category_key, parent_category_key, position, id'],
  ['products_listing_featured', 'store_id, featured, position, id'],
  ['products_by_price', 'store_id, effective_price, id'],
  ['products_by_time', 'store_id, created_at, id'],
  ['products_by_discount', 'store_id, discount_bp, id'],
] as const;

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
