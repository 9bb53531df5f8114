import type { Kysely } from 'kysely';

// An email added to an account is proved by a link sent to it before it signs in: when it was
// proved (users.email_verified_at; null for an email given at registration and never proved), and
// each link sent (its token kept only as a hash, the email it proves, once, until it expires).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_by_user')
    .on('email_verifications')
    .columns(['user_id', 'created_at'])
    .execute();
}
