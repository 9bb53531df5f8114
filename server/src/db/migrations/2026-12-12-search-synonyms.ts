import type { Kysely } from 'kysely';

// The merchant's own search synonyms (store info `searchSynonyms`), as JSON groups of words.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stores').addColumn('search_synonyms_json', 'text').execute();
}
