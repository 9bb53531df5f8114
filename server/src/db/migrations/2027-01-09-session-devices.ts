import type { Kysely } from 'kysely';

// A shopper's sessions can be listed and ended: each records when it was last used (sliding its
// expiry) and a short name of the device it was opened on. Sessions from before keep working:
// their last use reads as their start, their device as unknown.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
