import {
  type FacetValue,
  type ProductListQuery as ListQuerySchema,
  PRICE_BANDS,
  type ProductFacets,
  type ProductSort,
  SUGGESTIONS_MAX,
  type Suggestion,
} from '@store/contract';
import { type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, DatabaseSchema, ProductRow } from '../../db/schema.js';
import { toPaise, toRupees } from '../../shared/money.js';
import { KeptPerCatalogueVersion } from './catalog-version.js';
import { isBrowsing, ListingCounts, type SpecCount, type Summary } from './listing-counts.js';
import type { Searcher } from './search/searcher.js';
import { searchTokens } from './search/text.js';
import { shownOnly } from './shown.js';

export type ProductListFilters = z.output<typeof ListQuerySchema> & {
  /** Specification filters by lower-cased name: any of the values (lower-cased). */
  attributes?: Map<string, string[]>;
};

/** What a listing needs to know of its store. */
export interface ListingStore {
  /** The merchant's synonym groups, read only when the listing is counted afresh. */
  synonyms?: () => string[][];
  /** The store's catalogue version: while it stays the same, a listing asked again is not counted again. */
  catalogVersion?: number;
}

/** A listing as counted: its page's products (by id), the total and the facets. */
interface Counted {
  ids: string[];
  total: number;
  facets: ProductFacets;
  correctedQuery: string | null;
}

/** Listings kept per process; each is a few kilobytes, so a thousand cost a few megabytes. */
const COUNTED_LISTINGS_KEPT = 1000;
/**
 * From this many products into a browsing listing, its page starts at a bucket of positions (see
 * ListingCounts.pageStart): reading the buckets' counts costs about what walking this many does.
 */
const DEEP_OFFSET = 2000;

export interface ProductListing {
  rows: ProductRow[];
  total: number;
  facets: ProductFacets;
  search?: { query: string; correctedQuery: string | null };
}

/** A filter left out when counting its own facet, so the shopper still sees the other choices. */
type Except = 'type' | 'price' | 'stock' | { attribute: string };

type Products = SelectQueryBuilder<DatabaseSchema & { p: ProductRow }, 'p', object>;

/** Specifications that describe one product, not a choice between many. */
const NOT_FACETS = new Set(['model', 'support phone', 'sku', 'mpn', 'ean', 'upc', 'gtin', 'operating temperature']);
const FACET_KEYS_MAX = 8;
const FACET_VALUES_MAX = 20;

/**
 * The storefront's product listing: the spec's filters, search by words (ranked by relevance),
 * price, stock and specification filters, five sorts stable across pages, and the facets of
 * what is listed.
 */
export class Listing {
  /**
   * Counting a large listing (its total and facets) reads every product it holds; asked again
   * while the catalogue has not changed, the count is taken from here instead. Keyed by the
   * catalogue version, which every change moves in its own transaction, so no process serves a
   * count from before a change it can see.
   */
  private readonly counted = new KeptPerCatalogueVersion<Counted>(COUNTED_LISTINGS_KEPT);

  /** The sums the database keeps for browsing listings. */
  private readonly precounted: ListingCounts;

  constructor(
    private readonly db: Database,
    private readonly searcher: Searcher,
  ) {
    this.precounted = new ListingCounts(db);
  }

  async list(storeId: string, filters: ProductListFilters, store: ListingStore = {}): Promise<ProductListing> {
    const count = () => this.count(storeId, filters, store.synonyms?.() ?? []);
    const counted =
      store.catalogVersion === undefined
        ? await count()
        : await this.counted.get(storeId, store.catalogVersion, askedOf(filters), count);
    const search = filters.q ? { query: filters.q, correctedQuery: counted.correctedQuery } : undefined;
    return {
      rows: await this.rowsOf(counted.ids),
      total: counted.total,
      facets: counted.facets,
      ...(search ? { search } : {}),
    };
  }

  /** The rows of these products, in this order. */
  private async rowsOf(ids: string[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    const place = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  }

  private async count(storeId: string, filters: ProductListFilters, storeSynonyms: string[][]): Promise<Counted> {
    const plan = filters.q ? await this.searcher.plan(storeId, filters.q, storeSynonyms) : undefined;
    const correctedQuery = plan?.correctedQuery ?? null;
    if (filters.q && !plan) return { ids: [], total: 0, facets: emptyFacets(), correctedQuery };
    const match = plan ? this.searcher.query(plan) : undefined;
    const matching = (except?: Except) => this.matching(storeId, filters, match, except);

    const sort: ProductSort | undefined = filters.sort ?? (plan ? 'relevance' : undefined);
    const offset = (filters.page - 1) * filters.limit;
    // SQLite ranks by joining the full-text hits; filtering by them as well makes its planner walk them once per row.
    const joinsHits = sort === 'relevance' && match !== undefined && this.searcher.dialect === 'sqlite';
    let listed = joinsHits ? this.matching(storeId, filters, undefined) : matching();
    // A deep page of a browsing listing in the catalogue's order walks from the bucket of positions
    // that holds its first product, not from the listing's start (see ListingCounts.pageStart).
    let skip = offset;
    const inCatalogueOrder = sort === undefined || (sort === 'relevance' && match === undefined);
    const start =
      inCatalogueOrder && offset >= DEEP_OFFSET && isBrowsing(filters)
        ? await this.precounted.pageStart(storeId, filters, offset)
        : undefined;
    if (typeof start === 'object') {
      listed = listed.where('p.position', '>=', start.fromPosition);
      skip = offset - start.before;
    }
    const pageIds = this.ordered(listed, sort, match, filters.q).select('p.id').limit(filters.limit).offset(skip);
    const [ids, { total, facets }] = await Promise.all([
      start === 'past' ? [] : pageIds.execute(),
      this.facets(storeId, filters, matching),
    ]);
    return { ids: ids.map((row) => row.id), total, facets, correctedQuery };
  }

  /** Up to eight things to go to as the shopper types: the store's categories and types, then products. */
  async suggest(storeId: string, text: string): Promise<Suggestion[]> {
    const typed = searchTokens(text);
    if (!typed.length) return [];
    const startsEveryWord = (label: string) => {
      const words = searchTokens(label);
      return typed.every((token) => words.some((word) => word.startsWith(token)));
    };
    const suggestions: Suggestion[] = [];
    const seen = new Set<string>();
    for (const kind of await this.searcher.kinds(storeId)) {
      if (!seen.has(`c:${kind.category}`) && startsEveryWord(kind.category)) {
        seen.add(`c:${kind.category}`);
        suggestions.push({ kind: 'category', label: kind.category, category: kind.category });
      }
      const type = kind.parentCategory;
      if (type && !seen.has(`t:${type}`) && startsEveryWord(type)) {
        seen.add(`t:${type}`);
        suggestions.push({ kind: 'type', label: type, parentCategory: type });
      }
    }
    const kinds = suggestions.slice(0, 3);
    const products = await this.ranked(storeId, this.searcher.asTyped(typed), SUGGESTIONS_MAX - kinds.length);
    return [
      ...kinds,
      ...products.map(
        (row): Suggestion => ({
          kind: 'product',
          label: row.title,
          id: row.id,
          imgUrl: row.img_url,
          price: toRupees(Number(row.effective_price)),
        }),
      ),
    ];
  }

  /** The best of the first 200 products that match, so a two-letter prefix costs no more than a word. */
  private async ranked(storeId: string, match: string, limit: number) {
    if (limit <= 0) return [];
    if (this.searcher.dialect === 'sqlite') {
      const result = await sql<Pick<ProductRow, 'id' | 'title' | 'img_url' | 'effective_price'>>`
        select p.id, p.title, p.img_url, p.effective_price
        from (select rowid, bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank from product_search
              where product_search match ${match} limit 200) hits
        join product_search_ids ids on ids.rowid = hits.rowid
        join products p on p.id = ids.product_id
        where p.store_id = ${storeId} and p.hidden = 0
        order by hits.rank, p.id limit ${limit}`.execute(this.db);
      return result.rows;
    }
    const result = await sql<Pick<ProductRow, 'id' | 'title' | 'img_url' | 'effective_price'>>`
      select id, title, img_url, effective_price from (
        select p.id, p.title, p.img_url, p.effective_price, ts_rank(p.search_vector, to_tsquery('english', ${match})) as rank
        from products p
        where p.search_vector @@ to_tsquery('english', ${match}) and p.store_id = ${storeId} and p.hidden = 0
        limit 200) hits
      order by rank desc, id limit ${limit}`.execute(this.db);
    return result.rows;
  }

  /** The products the filters (all but `except`) and the search let through. */
  private matching(storeId: string, filters: ProductListFilters, match: string | undefined, except?: Except): Products {
    let query = this.db
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
    for (const [name, values] of filters.attributes ?? []) {
      if (typeof except === 'object' && except.attribute === name) continue;
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
    if (match !== undefined) query = query.where(this.matches(match));
    return query;
  }

  private matches(match: string) {
    return (_eb: ExpressionBuilder<DatabaseSchema & { p: ProductRow }, 'p'>) => this.indexed(match, 'p');
  }

  /** The rows of `table` whose words the full-text query matches. */
  private indexed(match: string, table: string) {
    return this.searcher.dialect === 'sqlite'
      ? sql<SqlBool>`${sql.ref(`${table}.id`)} in (select ids.product_id from product_search
          join product_search_ids ids on ids.rowid = product_search.rowid where product_search match ${match})`
      : sql<SqlBool>`${sql.ref(`${table}.search_vector`)} @@ to_tsquery('english', ${match})`;
  }

  /** The listing in the order asked for; ties always go by id, so pages never overlap. */
  private ordered(query: Products, sort: ProductSort | undefined, match: string | undefined, text: string | undefined) {
    switch (sort) {
      case 'price_asc':
        return query.orderBy('p.effective_price').orderBy('p.id');
      case 'price_desc':
        return query.orderBy('p.effective_price', 'desc').orderBy('p.id');
      case 'newest':
        return query.orderBy('p.created_at', 'desc').orderBy('p.id');
      case 'discount':
        return query.orderBy('p.discount_bp', 'desc').orderBy('p.id');
      case 'relevance':
        if (match !== undefined) return this.byRelevance(query, match, text ?? '');
        return query.orderBy('p.position').orderBy('p.id');
      default:
        return query.orderBy('p.position').orderBy('p.id');
    }
  }

  /** An exact SKU first, then by weighted relevance (title, then category and type, then specifications, then description). */
  private byRelevance(query: Products, match: string, text: string) {
    const skuFirst = sql`case when lower(p.sku) = ${text.trim().toLowerCase()} then 0 else 1 end`;
    if (this.searcher.dialect === 'sqlite') {
      const hits = sql<{ product_id: string; rank: number }>`(select ids.product_id as product_id,
        bm25(product_search, 10.0, 4.0, 2.0, 1.0) as rank
        from product_search join product_search_ids ids on ids.rowid = product_search.rowid
        where product_search match ${match})`;
      return query
        .innerJoin(hits.as('hits'), (join) => join.onRef('hits.product_id', '=', 'p.id'))
        .orderBy(skuFirst)
        .orderBy(sql`hits.rank`)
        .orderBy('p.id') as unknown as Products;
    }
    return query
      .orderBy(skuFirst)
      .orderBy(sql`ts_rank(p.search_vector, to_tsquery('english', ${match}))`, 'desc')
      .orderBy('p.id');
  }

  /**
   * The total and the facets in as few reads of the listing as it allows: a browsing listing
   * (everything, a category, a category and type) reads the sums the database keeps; any other
   * is counted, one pass counting the products by type, price band and stock together; a facet
   * whose own filter is in use is counted again without it, so the shopper still sees the other
   * choices.
   */
  private async facets(
    storeId: string,
    filters: ProductListFilters,
    matching: (except?: Except) => Products,
  ): Promise<{ total: number; facets: ProductFacets }> {
    if (isBrowsing(filters)) {
      const [kinds, specs] = await Promise.all([
        this.precounted.kinds(storeId, filters),
        this.precounted.specs(storeId, filters),
      ]);
      return { total: kinds.listed.total, facets: facetsOf(kinds.byType, kinds.listed, kinds.listed, specs, []) };
    }
    const summaryOf = (except?: Except) => this.summary(matching(except));
    const all = summaryOf();
    const filtered = [...(filters.attributes?.keys() ?? [])];
    const [everything, byType, byPrice, byStock, specs] = await Promise.all([
      all,
      filters.parentCategory ? summaryOf('type') : all,
      filters.minPrice !== undefined || filters.maxPrice !== undefined ? summaryOf('price') : all,
      filters.inStock === 'true' ? summaryOf('stock') : all,
      this.specCounts(filtered, matching),
    ]);
    return { total: everything.total, facets: facetsOf(byType, byPrice, byStock, specs, filtered) };
  }

  /** How many products, of each type, in each price band and in stock: one read of the listing. */
  private async summary(products: Products): Promise<Summary> {
    const bands = PRICE_BANDS.map((min, index) => ({ min, max: PRICE_BANDS[index + 1] ?? null }));
    const rows = await products
      .select((eb) => [
        'p.parent_category as type',
        eb.fn.countAll<number>().as('count'),
        sql<number>`sum(case when p.stock > 0 then 1 else 0 end)`.as('in_stock'),
        ...bands.map(({ min, max }, index) =>
          sql<number>`sum(case when p.effective_price >= ${min * 100}${max === null ? sql`` : sql` and p.effective_price < ${max * 100}`} then 1 else 0 end)`.as(
            `band${index}`,
          ),
        ),
      ])
      .groupBy('p.parent_category')
      .execute();
    const types = new Map<string, number>();
    let total = 0;
    let inStock = 0;
    const prices = bands.map((band) => ({ ...band, count: 0 }));
    for (const row of rows as (Record<string, unknown> & {
      type: string | null;
      count: unknown;
      in_stock: unknown;
    })[]) {
      total += Number(row.count);
      inStock += Number(row.in_stock ?? 0);
      if (row.type !== null) types.set(String(row.type), Number(row.count));
      prices.forEach((band, index) => {
        band.count += Number(row[`band${index}`] ?? 0);
      });
    }
    return { total, types, prices, inStock };
  }

  /** Each specification's values with their counts; a filtered one is counted without its own filter. */
  private async specCounts(filtered: string[], matching: (except?: Except) => Products): Promise<SpecCount[]> {
    const countsOf = (products: Products, name?: string) => {
      let query = this.db
        .selectFrom('product_specs as s')
        .where('s.product_id', 'in', products.select('p.id'))
        .select((eb) => [
          's.name_key',
          's.value_key',
          eb.fn.min('s.name').as('name'),
          eb.fn.min('s.value').as('value'),
          's.unit',
          eb.fn.count<number>('s.product_id').distinct().as('count'),
        ])
        .groupBy(['s.name_key', 's.value_key', 's.unit']);
      if (name !== undefined) query = query.where('s.name_key', '=', name);
      else if (filtered.length) query = query.where('s.name_key', 'not in', filtered);
      return query.execute();
    };
    return (
      await Promise.all([
        countsOf(matching()),
        ...filtered.map((name) => countsOf(matching({ attribute: name }), name)),
      ])
    ).flat();
  }
}

/** The facets from the counts: types without the type filter, price bands without the price filter, and so on. */
function facetsOf(byType: Summary, byPrice: Summary, byStock: Summary, specs: SpecCount[], filtered: string[]) {
  return {
    types: [...byType.types.entries()]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    prices: byPrice.prices,
    inStock: byStock.inStock,
    attributes: specFacets(specs, filtered),
  };
}

/** Each specification's values with their counts, the most common first; a filtered one is always kept. */
function specFacets(rows: SpecCount[], filtered: string[]): ProductFacets['attributes'] {
  const byName = new Map<string, { key: string; values: (FacetValue & { unit: string | null })[]; products: number }>();
  for (const row of rows) {
    if (NOT_FACETS.has(row.name_key)) continue;
    const facet = byName.get(row.name_key) ?? { key: String(row.name), values: [], products: 0 };
    // Spelt differently by different products: the same spelling whatever order the rows came in.
    if (String(row.name) < facet.key) facet.key = String(row.name);
    facet.values.push({ value: String(row.value), count: Number(row.count), unit: row.unit ?? null });
    facet.products += Number(row.count);
    byName.set(row.name_key, facet);
  }
  return [...byName.entries()]
    .filter(
      ([name, facet]) =>
        filtered.includes(name) ||
        (facet.values.length > 1 && facet.values.length <= 40 && facet.values.some((value) => value.count > 1)),
    )
    .sort(([, a], [, b]) => b.products - a.products || a.key.localeCompare(b.key))
    .slice(0, FACET_KEYS_MAX)
    .map(([, facet]) => {
      const units = new Set(facet.values.map((value) => value.unit));
      const unit = units.size === 1 ? (facet.values[0]?.unit ?? null) : null;
      const values = orderedValues(facet.values)
        .slice(0, FACET_VALUES_MAX)
        .map(({ unit: own, ...value }) => (unit === null && own ? { ...value, unit: own } : value));
      return { key: facet.key, unit, values };
    });
}

/**
 * Numbers in their order (1, 2.5, 10), words by how many products have them; the same value in
 * two units (or none) by unit, so the order never depends on how the database happened to group.
 */
function orderedValues<Value extends FacetValue & { unit: string | null }>(values: Value[]): Value[] {
  const numeric = values.every((value) => Number.isFinite(Number(value.value)));
  const byUnit = (a: Value, b: Value) => (a.unit ?? '').localeCompare(b.unit ?? '');
  return [...values].sort((a, b) =>
    numeric
      ? Number(a.value) - Number(b.value) || a.value.localeCompare(b.value) || byUnit(a, b)
      : b.count - a.count || a.value.localeCompare(b.value) || byUnit(a, b),
  );
}

function emptyFacets(): ProductFacets {
  return {
    types: [],
    prices: PRICE_BANDS.map((min, index) => ({ min, max: PRICE_BANDS[index + 1] ?? null, count: 0 })),
    inStock: 0,
    attributes: [],
  };
}

/** Every filter of a listing in one order, so the same listing asked twice is known. */
function askedOf(filters: ProductListFilters) {
  const { attributes, ...rest } = filters;
  const plain = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const specs = [...(attributes ?? [])].map(([name, values]) => [name, [...values].sort()]).sort();
  return [plain, specs];
}
