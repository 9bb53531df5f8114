import type { Kysely } from 'kysely';

// Where each store delivers and how long a parcel takes: its rules as the merchant wrote them (JSON,
// checked by the pincodes module); a store without a row has the shop's default rules. An order keeps
// the delivery it was promised when placed (India-time days, YYYY-MM-DD; null for older orders).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_rules')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id'))
    .addColumn('rules_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('orders').addColumn('delivery_earliest', 'text').execute();
  await db.schema.alterTable('orders').addColumn('delivery_latest', 'text').execute();
}
