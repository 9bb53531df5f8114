import type { ProductListQuery as ListQuerySchema } from '@netkart/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, DatabaseSchema, ProductRow } from '../../db/schema.js';
import { toPaise } from '../../shared/money.js';
import { hasVariant, type OptionFilters } from './listing-options.js';
import type { Searcher } from './search/searcher.js';
import { shownOnly } from './shown.js';

export type ProductListFilters = z.output<typeof ListQuerySchema> & {
  /** Specification filters by lower-cased name: any of the values (lower-cased). */
  attributes?: Map<string, string[]>;
  /** Variant option filters by lower-cased name: any of the values (lower-cased). */
  options?: OptionFilters;
};

/** A filter left out when counting its own facet, so the shopper still sees the other choices. */
export type Except = 'type' | 'price' | 'stock' | 'origin' | { attribute: string } | { option: string };

export type Products = SelectQueryBuilder<DatabaseSchema & { p: ProductRow }, 'p', object>;

/** The products the filters (all but `except`) and the search let through. */
export function matchingProducts(
  db: Database,
  dialect: Searcher['dialect'],
  storeId: string,
  filters: ProductListFilters,
  match: string | undefined,
  except?: Except,
): Products {
  let query = db
    .selectFrom('products as p')
    .where('p.store_id', '=', storeId)
    .where(shownOnly('p')) as unknown as Products;
  if (filters.category) query = query.where('p.category_key', '=', filters.category.toLowerCase());
  if (filters.parentCategory && except !== 'type')
    query = query.where('p.parent_category_key', '=', filters.parentCategory.toLowerCase());
  if (filters.gender) query = query.where('p.gender_key', '=', filters.gender.toLowerCase());
  if (filters.featured) query = query.where('p.featured', '=', filters.featured === 'true' ? 1 : 0);
  if (filters.filter) {
    const values = filters.filter.split(',').map((value) => value.trim().toLowerCase());
    const named = values.filter((value) => value && value !== 'null');
    const includeNull = values.includes('null');
    if (named.length || includeNull)
      query = query.where((eb) =>
        eb.or([
          ...(named.length ? [eb('p.gender_key', 'in', named)] : []),
          ...(includeNull ? [eb('p.gender_key', 'is', null)] : []),
        ]),
      );
  }
  if (except !== 'price') {
    if (filters.minPrice !== undefined) query = query.where('p.effective_price', '>=', toPaise(filters.minPrice));
    if (filters.maxPrice !== undefined) query = query.where('p.effective_price', '<=', toPaise(filters.maxPrice));
  }
  if (filters.inStock === 'true' && except !== 'stock') query = query.where('p.stock', '>', 0);
  if (filters.countryOfOrigin && except !== 'origin')
    query = query.where(sql`lower(p.country_of_origin)`, '=', filters.countryOfOrigin.toLowerCase());
  for (const [name, values] of filters.attributes ?? []) {
    if (typeof except === 'object' && 'attribute' in except && except.attribute === name) continue;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_specs as s')
          .select(sql`1`.as('one'))
          .whereRef('s.product_id', '=', 'p.id')
          .where('s.name_key', '=', name)
          .where('s.value_key', 'in', values),
      ),
    );
  }
  const optionExcept = typeof except === 'object' && 'option' in except ? except.option : undefined;
  const options = [...(filters.options ?? [])].filter(([name]) => name !== optionExcept);
  if (options.length)
    query = query.where(hasVariant(dialect, new Map(options), filters.inStock === 'true' && except !== 'stock'));
  if (match !== undefined) query = query.where(matches(dialect, match));
  return query;
}

function matches(dialect: Searcher['dialect'], match: string) {
  return (_eb: ExpressionBuilder<DatabaseSchema & { p: ProductRow }, 'p'>) => indexed(dialect, match, 'p');
}

/** The rows of `table` whose words the full-text query matches. */
function indexed(dialect: Searcher['dialect'], match: string, table: string) {
  return dialect === 'sqlite'
    ? sql<SqlBool>`${sql.ref(`${table}.id`)} in (select ids.product_id from product_search
        join product_search_ids ids on ids.rowid = product_search.rowid where product_search match ${match})`
    : sql<SqlBool>`${sql.ref(`${table}.search_vector`)} @@ to_tsquery('english', ${match})`;
}

/** Every filter of a listing in one order, so the same listing asked twice is known. */
export function askedOf(filters: ProductListFilters) {
  const { attributes, options, ...rest } = filters;
  const plain = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const specs = [...(attributes ?? [])].map(([name, values]) => [name, [...values].sort()]).sort();
  const chosen = [...(options ?? [])].map(([name, values]) => [name, [...values].sort()]).sort();
  return [plain, specs, chosen];
}
