import type { Kysely } from 'kysely';

// The books an accountant files: the signature printed above "Authorised Signatory" on the store's
// invoices (a PNG, base64, one per store), and the e-way bill a merchant records for an order's
// consignment (rule 138: its 12-digit number and the day it was generated).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_signatures')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id'))
    .addColumn('png_base64', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('eway_bills')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('bill_date', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
}
