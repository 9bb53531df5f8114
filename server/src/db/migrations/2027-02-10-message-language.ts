import type { Kysely } from 'kysely';

// The language a "Notify me" wish's one email is written in: the page's it was left from (or the
// signed-in account's). Wishes from before were all left in English.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stock_notices')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}
