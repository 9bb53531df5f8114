import type { Product, ProductFacets, ShopLanguage, Suggestion } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { newId } from '../../shared/ids.js';
import { catalogueChanged } from '../stores/versions.js';

export type { ShopLanguage };

/**
 * The catalogue in the shopper's language: Hindi names where the merchant gave them, the English
 * ones where not (never an empty text). English answers are the catalogue as it is. Names that
 * filter or link (a category, a type, a specification's key) stay English; the Hindi one is a `label`.
 */

/** A product's shown title and description in the language. */
export function textsIn(
  row: { title: string; description: string; title_hi?: string | null; description_hi?: string | null },
  language: ShopLanguage,
): { title: string; description: string } {
  if (language !== 'hi') return { title: row.title, description: row.description };
  return { title: row.title_hi || row.title, description: row.description_hi || row.description };
}

/** What the merchant names in Hindi: categories and types, and specifications' labels. */
export type HindiNameKind = 'category' | 'specification';

/** A store's Hindi names, by lower-cased English name. */
export interface HindiNames {
  categories: ReadonlyMap<string, string>;
  specifications: ReadonlyMap<string, string>;
}

export const NO_NAMES: HindiNames = { categories: new Map(), specifications: new Map() };

/** The store's Hindi names (none read for English). */
export async function hindiNamesOf(db: Database, storeId: string, language: ShopLanguage): Promise<HindiNames> {
  if (language !== 'hi') return NO_NAMES;
  const rows = await db
    .selectFrom('hindi_names')
    .select(['kind', 'name_key', 'title_hi'])
    .where('store_id', '=', storeId)
    .execute();
  const of = (kind: HindiNameKind) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.name_key, row.title_hi]));
  return { categories: of('category'), specifications: of('specification') };
}

/** A category's or type's name to show in the language. */
export const nameIn = (name: string, names: HindiNames, language: ShopLanguage): string =>
  language === 'hi' ? (names.categories.get(name.toLowerCase()) ?? name) : name;

/** The merchant's Hindi names of one kind, as the back office lists them (by English name, lower-cased). */
export async function listHindiNames(
  db: Database,
  storeId: string,
  kind: HindiNameKind,
): Promise<{ name: string; titleHi: string }[]> {
  const rows = await db
    .selectFrom('hindi_names')
    .select(['name_key', 'title_hi'])
    .where('store_id', '=', storeId)
    .where('kind', '=', kind)
    .orderBy('name_key')
    .execute();
  return rows.map((row) => ({ name: row.name_key, titleHi: row.title_hi }));
}

/**
 * Sets the Hindi names given (an empty one removes that name), leaving the others; the catalogue's
 * version moves, so no answer kept in the old names is given again.
 */
export async function setHindiNames(
  db: Database,
  storeId: string,
  kind: HindiNameKind,
  names: { name: string; titleHi: string | null }[],
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    for (const { name, titleHi } of names) {
      const key = name.trim().toLowerCase();
      await trx
        .deleteFrom('hindi_names')
        .where('store_id', '=', storeId)
        .where('kind', '=', kind)
        .where('name_key', '=', key)
        .execute();
      if (titleHi)
        await trx
          .insertInto('hindi_names')
          .values({ id: newId(), store_id: storeId, kind, name_key: key, title_hi: titleHi })
          .execute();
    }
    await catalogueChanged(trx, storeId);
  });
}

/** A product's specifications with their Hindi labels beside their keys. */
export function specificationsIn(product: Product, names: HindiNames): Product {
  if (names.specifications.size === 0) return product;
  return {
    ...product,
    attributes: product.attributes.map((attribute) => {
      const label = names.specifications.get(attribute.key.trim().toLowerCase());
      return label ? { ...attribute, label } : attribute;
    }),
  };
}

/** The facets with the Hindi names of types and specifications beside their values and keys. */
export function facetsIn(facets: ProductFacets, names: HindiNames, language: ShopLanguage): ProductFacets {
  if (language !== 'hi') return facets;
  return {
    ...facets,
    types: facets.types.map((type) => {
      const label = names.categories.get(type.value.toLowerCase());
      return label ? { ...type, label } : type;
    }),
    attributes: facets.attributes.map((attribute) => {
      const label = names.specifications.get(attribute.key.trim().toLowerCase());
      return label ? { ...attribute, label } : attribute;
    }),
  };
}

/** Suggestions' category and type labels in the language (products are named by the search already). */
export function suggestionsIn(suggestions: Suggestion[], names: HindiNames, language: ShopLanguage): Suggestion[] {
  if (language !== 'hi') return suggestions;
  return suggestions.map((suggestion) =>
    suggestion.kind === 'product' ? suggestion : { ...suggestion, label: nameIn(suggestion.label, names, language) },
  );
}
