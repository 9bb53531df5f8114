import type { Kysely } from 'kysely';

// A shopper's address book: up to ten addresses of their own, one of them the default the checkout
// starts with. `is_default` is a 0/1 flag; the rule of exactly one is kept by the accounts module.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'created_at']).execute();
}
