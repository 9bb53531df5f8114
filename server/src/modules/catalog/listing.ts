import type { ProductFacets, ProductSort, Suggestion } from '@netkart/contract';
import type { Database, ProductRow } from '../../db/schema.js';
import { KeptPerCatalogueVersion } from './catalog-version.js';
import { type HindiNames, NO_NAMES, type ShopLanguage } from './language.js';
import { isBrowsing, ListingCounts } from './listing-counts.js';
import { countFacets, emptyFacets } from './listing-facets.js';
import { askedOf, type Except, matchingProducts, type ProductListFilters } from './listing-filters.js';
import { ordered } from './listing-order.js';
import type { Searcher, SearchPlan } from './search/searcher.js';
import { suggestionsFor } from './suggestions.js';

export type { ProductListFilters } from './listing-filters.js';

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
  search: SearchAnswer | null;
}

/** What the listing says of a search: the words searched, and what the words asked for. */
type SearchAnswer = NonNullable<ProductListing['search']>;

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
  search?: {
    query: string;
    correctedQuery: string | null;
    searchedFor?: string;
    priceFromWords?: { min: number | null; max: number | null };
    sortFromWords?: 'price_asc' | 'price_desc';
  };
}

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
    return {
      rows: await this.rowsOf(counted.ids),
      total: counted.total,
      facets: counted.facets,
      ...(counted.search ? { search: counted.search } : {}),
    };
  }

  /** The rows of these products, in this order. */
  private async rowsOf(ids: string[]): Promise<ProductRow[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
    const place = new Map(ids.map((id, index) => [id, index]));
    return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
  }

  private async count(storeId: string, asked: ProductListFilters, storeSynonyms: string[][]): Promise<Counted> {
    const plan = asked.q ? await this.searcher.plan(storeId, asked.q, storeSynonyms) : undefined;
    if (asked.q && !plan) return { ids: [], total: 0, facets: emptyFacets(), search: answerOf(asked.q, plan, asked) };
    const counted = await this.countWith(storeId, asked, plan);
    if (counted.total > 0 || !plan) return counted;
    // Nothing has every word: the words some product has, or any of them.
    const settled = await this.searcher.settle(storeId, plan);
    return settled ? this.countWith(storeId, asked, settled) : counted;
  }

  /** A listing with the search read as `plan` (none without `q`). */
  private async countWith(storeId: string, asked: ProductListFilters, plan: SearchPlan | undefined): Promise<Counted> {
    const search = asked.q ? answerOf(asked.q, plan, asked) : null;
    // Price and order words ("under 1000", "sasta") are the filter and the sort the shopper would have chosen.
    const filters = plan ? withWordsOf(asked, plan) : asked;
    const match = plan?.terms.length ? this.searcher.query(plan) : undefined;
    const dialect = this.searcher.dialect;
    const matching = (except?: Except) => matchingProducts(this.db, dialect, storeId, filters, match, except);

    const sort: ProductSort | undefined = filters.sort ?? (match ? 'relevance' : undefined);
    const offset = (filters.page - 1) * filters.limit;
    // SQLite ranks by joining the full-text hits; filtering by them as well makes its planner walk them once per row.
    const joinsHits = sort === 'relevance' && match !== undefined && dialect === 'sqlite';
    let listed = joinsHits ? matchingProducts(this.db, dialect, storeId, filters, undefined) : matching();
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
    const relevance =
      match && plan
        ? { match, named: this.searcher.nameConditions(plan), priceOrder: asked.sort ? null : plan.sort }
        : undefined;
    const pageIds = ordered(dialect, listed, sort, relevance, filters.q)
      .select('p.id')
      .limit(filters.limit)
      .offset(skip);
    const [ids, { total, facets }] = await Promise.all([
      start === 'past' ? [] : pageIds.execute(),
      countFacets(this.db, this.precounted, storeId, filters, matching, dialect),
    ]);
    return { ids: ids.map((row) => row.id), total, facets, search };
  }

  /** Up to eight things to go to as the shopper types (see suggestions.ts). */
  suggest(
    storeId: string,
    text: string,
    language: ShopLanguage = 'en',
    synonyms: string[][] = [],
    names: HindiNames = NO_NAMES,
  ): Promise<Suggestion[]> {
    return suggestionsFor(this.db, this.searcher, storeId, text, language, synonyms, names);
  }
}

/** The listing's filters with the price range and order the words asked for (a filter chosen as well narrows it). */
function withWordsOf(filters: ProductListFilters, plan: SearchPlan): ProductListFilters {
  const min = [filters.minPrice, plan.price?.min ?? undefined].filter((value) => value !== undefined);
  const max = [filters.maxPrice, plan.price?.max ?? undefined].filter((value) => value !== undefined);
  return {
    ...filters,
    // Only words of the price or order left: the products in that range, in that order, as a browse.
    q: plan.terms.length ? filters.q : undefined,
    minPrice: min.length ? Math.max(...min) : undefined,
    maxPrice: max.length ? Math.min(...max) : undefined,
    // With words, "sasta" orders each score of names by price (see listing-order.ts); alone, the listing.
    sort: filters.sort ?? (plan.terms.length ? undefined : (plan.sort ?? undefined)),
  };
}

function answerOf(query: string, plan: SearchPlan | undefined, asked: ProductListFilters): SearchAnswer {
  return {
    query,
    correctedQuery: plan?.correctedQuery ?? null,
    ...(plan?.searchedFor != null ? { searchedFor: plan.searchedFor } : {}),
    ...(plan?.price ? { priceFromWords: plan.price } : {}),
    ...(plan?.sort && !asked.sort ? { sortFromWords: plan.sort } : {}),
  };
}
