import type { Kysely } from 'kysely';

// A number each catalogue change moves, in the change's own transaction: every process reads it
// with the store, and keeps what it counted for a listing only while it has not moved.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('catalog_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
