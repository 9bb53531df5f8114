import type { Kysely } from 'kysely';

// Cash on delivery: each store's rules (one JSON document, checked by the payments module when it
// is set), and each COD order's confirmation code (hashed), its tries, and what the courier brought
// back: the cash collected and the remittance reference. Amounts in paise.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cod_rules')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id'))
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cod_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('cash_collected', 'bigint')
    .addColumn('remittance_reference', 'text')
    .addColumn('collected_at', 'text')
    .execute();
}
