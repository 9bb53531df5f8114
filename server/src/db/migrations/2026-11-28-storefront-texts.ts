import type { Kysely } from 'kysely';

// The storefront's texts become the merchant's own: a store that has not given them shows none.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('storefront_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
