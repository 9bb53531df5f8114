import type { Kysely } from 'kysely';

// GST: the seller's particulars, each product's legal particulars, the rate and HSN an order line
// was sold at, the buyer's GSTIN, and the invoices and credit notes as issued.

export async function up(db: Kysely<unknown>): Promise<void> {
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
}
