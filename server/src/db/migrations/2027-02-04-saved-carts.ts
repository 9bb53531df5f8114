import type { Kysely } from 'kysely';

// A signed-in shopper's cart and wishlist kept on the server (one row each), when the cart last
// reached checkout and how many reminders of it went out, with the secret of its restore link; and
// the shopper's consents to reminders (cart reminders, review requests), each given by a clear act
// and kept with its words and when, as the DPDP Rules ask. A withdrawn consent stays on record.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('wishlist_json', 'text', (c) => c.notNull())
    .addColumn('cart_updated_at', 'text')
    .addColumn('wishlist_updated_at', 'text')
    .addColumn('checkout_at', 'text')
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('restore_token', 'text', (c) => c.notNull().unique())
    .addUniqueConstraint('saved_carts_one_per_shopper', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('saved_carts_at_checkout').on('saved_carts').columns(['checkout_at']).execute();
  await db.schema
    .createTable('reminder_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createIndex('reminder_consents_by_user')
    .on('reminder_consents')
    .columns(['store_id', 'user_id', 'purpose'])
    .execute();
}
