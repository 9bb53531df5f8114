import { type Kysely, sql } from 'kysely';

// Roles a small team can trust: owner, catalogue, orders and read-only. The old `staff` role
// (orders, products, prices and stock) becomes `orders`, which keeps the daily work of orders
// and takes away prices and the catalogue; an owner gives `catalogue` back to whoever needs it.
// Orders are found by their AWB (the courier's tracking number) through an index of their own.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update staff set role = 'orders' where role = 'staff'`.execute(db);
  await db.schema.createIndex('orders_store_tracking').on('orders').columns(['store_id', 'tracking_number']).execute();
}
