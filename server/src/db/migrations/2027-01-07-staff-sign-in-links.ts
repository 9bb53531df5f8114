import type { Kysely } from 'kysely';

// One-time sign-in links emailed to staff without two-factor sign-in when strangers have used up
// their email's sign-in limit: only the token's hash is kept; a link works once, for 15 minutes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_sign_in_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_sign_in_links_staff').on('staff_sign_in_links').column('staff_id').execute();
}
