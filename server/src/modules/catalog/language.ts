import type { ProductFacets, ShopLanguage, Suggestion } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { catalogueChanged } from '../stores/versions.js';

export type { ShopLanguage };

/**
 * The catalogue in the shopper's language: Hindi names where the merchant gave them, the English
 * ones where not (never an empty text). English answers are the catalogue as it is.
 */

/** A product's shown title and description in the language. */
export function textsIn(
  row: { title: string; description: string; title_hi?: string | null; description_hi?: string | null },
  language: ShopLanguage,
): { title: string; description: string } {
  if (language !== 'hi') return { title: row.title, description: row.description };
  return { title: row.title_hi || row.title, description: row.description_hi || row.description };
}

/** The Hindi names of a store's categories and product types, by lower-cased English name. */
export type CategoryNamesHi = ReadonlyMap<string, string>;

export const NO_NAMES: CategoryNamesHi = new Map();

/** A category's or type's name to show in the language. */
export const nameIn = (name: string, names: CategoryNamesHi, language: ShopLanguage): string =>
  language === 'hi' ? (names.get(name.toLowerCase()) ?? name) : name;

/** The store's Hindi category names (none asked for English: nothing read). */
export async function categoryNamesOf(db: Database, storeId: string, language: ShopLanguage): Promise<CategoryNamesHi> {
  if (language !== 'hi') return NO_NAMES;
  const rows = await db
    .selectFrom('category_names')
    .select(['name_key', 'title_hi'])
    .where('store_id', '=', storeId)
    .execute();
  return new Map(rows.map((row) => [row.name_key, row.title_hi]));
}

/** The merchant's Hindi names, as the back office lists them (by English name, lower-cased). */
export async function listCategoryNames(db: Database, storeId: string): Promise<{ name: string; titleHi: string }[]> {
  const rows = await db
    .selectFrom('category_names')
    .select(['name_key', 'title_hi'])
    .where('store_id', '=', storeId)
    .orderBy('name_key')
    .execute();
  return rows.map((row) => ({ name: row.name_key, titleHi: row.title_hi }));
}

/**
 * Sets the Hindi names given (an empty one removes that name), leaving the others; the catalogue's
 * version moves, so no answer kept in the old names is given again.
 */
export async function setCategoryNames(
  db: Database,
  storeId: string,
  names: { name: string; titleHi: string | null }[],
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    for (const { name, titleHi } of names) {
      const key = name.trim().toLowerCase();
      await trx.deleteFrom('category_names').where('store_id', '=', storeId).where('name_key', '=', key).execute();
      if (titleHi)
        await trx
          .insertInto('category_names')
          .values({ store_id: storeId, name_key: key, title_hi: titleHi })
          .execute();
    }
    await catalogueChanged(trx, storeId);
  });
}

/** The facets with each type's Hindi name beside its value. */
export function facetsIn(facets: ProductFacets, names: CategoryNamesHi, language: ShopLanguage): ProductFacets {
  if (language !== 'hi' || names.size === 0) return facets;
  return {
    ...facets,
    types: facets.types.map((type) => {
      const label = names.get(type.value.toLowerCase());
      return label ? { ...type, label } : type;
    }),
  };
}

/** Suggestions' category and type labels in the language (products are named by the search already). */
export function suggestionsIn(suggestions: Suggestion[], names: CategoryNamesHi, language: ShopLanguage): Suggestion[] {
  if (language !== 'hi') return suggestions;
  return suggestions.map((suggestion) =>
    suggestion.kind === 'product' ? suggestion : { ...suggestion, label: nameIn(suggestion.label, names, language) },
  );
}
