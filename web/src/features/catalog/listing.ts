import {
  ATTRIBUTE_FILTER_LIMITS,
  ATTRIBUTE_FILTER_PREFIX,
  PRODUCT_SORTS,
  type ProductSort,
  SEARCH_MAX_LENGTH,
} from '@store/contract';
import type { QueryValue } from '@/lib/api-client';
import { formatPrice } from '@/lib/money';

export const PAGE_SIZE = 12;
export const FEATURED_COUNT = 4;
/** Spec section 7: what "accessories" lists. */
export const ACCESSORIES_FILTER = 'Accessories,Personal Care,Home,null,Unisex';

export interface ListingParams {
  category?: string;
  parentCategory?: string;
  /** From the home page's Featured Products link. */
  featured?: boolean;
  /** The words searched for. */
  q?: string;
  sort?: ProductSort;
  /** On the price the shopper pays, in rupees; maxPrice included. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  /** Specification filters by name: values of one name are alternatives, names all apply. */
  attributes?: Record<string, string[]>;
  page: number;
}

/** Spec filters as the API takes them: `attr.Speed: ['2.5', '10']`, names in one order. */
function attributeQuery(attributes: Record<string, string[]> = {}): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const name of Object.keys(attributes).sort()) {
    const values = attributes[name] ?? [];
    if (values.length) query[`${ATTRIBUTE_FILTER_PREFIX}${name}`] = [...values].sort();
  }
  return query;
}

/** The GET /products query of a listing page (spec section 7): only non-empty filters. */
export function listingQuery(params: ListingParams, limit = PAGE_SIZE) {
  const { category, parentCategory, featured, q, sort, minPrice, maxPrice, inStock, attributes, page } = params;
  const query: Record<string, QueryValue> = { page, limit };
  const key = category?.trim().toLowerCase();
  if (key) query.category = key;
  if (key === 'men') query.gender = 'Men';
  if (key === 'women') query.gender = 'Women';
  if (key === 'accessories') query.filter = ACCESSORIES_FILTER;
  if (parentCategory?.trim()) query.parentCategory = parentCategory.trim();
  if (featured) query.featured = 'true';
  if (q) query.q = q;
  if (sort) query.sort = sort;
  if (minPrice !== undefined) query.minPrice = minPrice;
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  if (inStock) query.inStock = 'true';
  Object.assign(query, attributeQuery(attributes));
  return query;
}

const capitalise = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

const DEFAULT_HEADINGS: Record<string, string> = {
  men: "Men's Collection",
  women: "Women's Collection",
  accessories: 'Accessories',
  'lan adapters': 'LAN Adapters',
  'laptop accessories': 'Laptop Accessories',
};

/** The listing's heading: the words searched for, else the chosen type, else the category's name, else All Products. */
export function listingHeading(params: ListingParams, storeCategories: string[] = []): string {
  if (params.q) return `Results for “${params.q}”`;
  if (params.parentCategory?.trim()) return params.parentCategory.trim();
  const key = params.category?.trim().toLowerCase();
  if (!key) return params.featured ? 'Featured Products' : 'All Products';
  const fromStore = storeCategories.find((category) => category.toLowerCase() === key);
  return DEFAULT_HEADINGS[key] ?? fromStore ?? capitalise(key);
}

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Page buttons: the current page ±2, plus the first and last pages with ellipses between. */
export function paginationWindow(current: number, total: number): PageItem[] {
  if (total <= 1) return [];
  const start = Math.max(1, current - 2);
  const end = Math.min(total, current + 2);
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('start-ellipsis');
  for (let page = start; page <= end; page += 1) items.push(page);
  if (end < total - 1) items.push('end-ellipsis');
  if (end < total) items.push(total);
  return items;
}

/** 'Showing X to Y of N items'. */
export function showingText(page: number, total: number, pageSize = PAGE_SIZE): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} items`;
}

/** A page number from the address bar: a whole number ≥ 1, else 1. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The API's own limits on one listing's specification filters: more is no shopper's choice. */
const { names: ATTRIBUTE_NAMES_MAX, values: ATTRIBUTE_VALUES_MAX, length: FILTER_TEXT_MAX } = ATTRIBUTE_FILTER_LIMITS;
const PRICE_MAX = 10_000_000;

/** Search words from the address bar: trimmed, at most SEARCH_MAX_LENGTH characters, none when blank. */
export function searchTextFrom(value: string | null): string | undefined {
  return value?.trim().slice(0, SEARCH_MAX_LENGTH).trim() || undefined;
}

/** A price from the address bar: a number of rupees from 0 up, else none. */
export function priceFrom(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 && price <= PRICE_MAX ? price : undefined;
}

const sortFrom = (value: string | null, q: string | undefined): ProductSort | undefined => {
  const sort = PRODUCT_SORTS.find((known) => known === value);
  // Relevance ranks search results; without words there is nothing to rank.
  return sort === 'relevance' && !q ? undefined : sort;
};

const isAttributeKey = (key: string) => key.startsWith(ATTRIBUTE_FILTER_PREFIX);
const attributeNameOf = (key: string) => key.slice(ATTRIBUTE_FILTER_PREFIX.length).trim();
const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `attr.Speed=2.5&attr.Speed=10` as { Speed: ['2.5', '10'] }: blank, overlong and repeated values left out. */
export function attributesFrom(search: URLSearchParams): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const key of new Set(search.keys())) {
    if (!isAttributeKey(key)) continue;
    const name = attributeNameOf(key);
    if (!name || name.length > FILTER_TEXT_MAX) continue;
    const found = Object.keys(attributes).find((known) => sameText(known, name));
    if (!found && Object.keys(attributes).length >= ATTRIBUTE_NAMES_MAX) continue;
    const values = attributes[found ?? name] ?? [];
    for (const raw of search.getAll(key)) {
      const value = raw.trim();
      if (!value || value.length > FILTER_TEXT_MAX || values.length >= ATTRIBUTE_VALUES_MAX) continue;
      if (!values.some((known) => sameText(known, value))) values.push(value);
    }
    if (values.length) attributes[found ?? name] = values;
  }
  return attributes;
}

/** The listing a /products address asks for; what the shop cannot read is left out, not refused. */
export function listingParamsOf(search: URLSearchParams): ListingParams {
  const q = searchTextFrom(search.get('q'));
  let minPrice = priceFrom(search.get('minPrice'));
  let maxPrice = priceFrom(search.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    minPrice = undefined;
    maxPrice = undefined;
  }
  return {
    category: search.get('category') ?? undefined,
    parentCategory: search.get('parentCategory') ?? undefined,
    featured: search.get('featured') === 'true',
    q,
    sort: sortFrom(search.get('sort'), q),
    minPrice,
    maxPrice,
    inStock: search.get('inStock') === 'true',
    attributes: attributesFrom(search),
    page: pageFrom(search.get('page')),
  };
}

/** Filters the shopper narrows a listing with; the search words, category and sort stay when they are cleared. */
const FILTER_KEYS = ['parentCategory', 'minPrice', 'maxPrice', 'inStock'];

/** Is anything filtering the listing beyond its search words and category? */
export const hasFilters = (params: ListingParams): boolean =>
  !!params.parentCategory?.trim() ||
  params.minPrice !== undefined ||
  params.maxPrice !== undefined ||
  !!params.inStock ||
  Object.keys(params.attributes ?? {}).length > 0;

/** The address's next query after a change: every change shows the first page again. */
function nextSearch(search: URLSearchParams, change: (next: URLSearchParams) => void): URLSearchParams {
  const next = new URLSearchParams(search);
  change(next);
  next.delete('page');
  return next;
}

/** Sets (or, with no value, removes) plain parameters: the type, sort, stock filter. */
export function withParams(search: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  return nextSearch(search, (next) => {
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
  });
}

/** Adds a specification value to the filter, or takes it away when it is there (names and values in any case). */
export function withAttributeToggled(search: URLSearchParams, name: string, value: string): URLSearchParams {
  return nextSearch(search, (next) => {
    let removed = false;
    for (const key of new Set(next.keys())) {
      if (!isAttributeKey(key) || !sameText(attributeNameOf(key), name)) continue;
      const values = next.getAll(key);
      const kept = values.filter((known) => !sameText(known.trim(), value));
      if (kept.length === values.length) continue;
      removed = true;
      next.delete(key);
      for (const known of kept) next.append(key, known);
    }
    if (!removed) next.append(`${ATTRIBUTE_FILTER_PREFIX}${name}`, value);
  });
}

export interface PriceBand {
  min: number;
  /** Up to, not including; null for the last band. */
  max: number | null;
}

/** The highest price inside a band, as the inclusive maxPrice takes it: a paisa below its end. */
const bandTop = (max: number) => Math.round((max - 0.01) * 100) / 100;

/** Filters by a price band (from its min up to, not including, its max), or by no price with null. */
export function withPriceBand(search: URLSearchParams, band: PriceBand | null): URLSearchParams {
  return nextSearch(search, (next) => {
    next.delete('minPrice');
    next.delete('maxPrice');
    if (!band) return;
    if (band.min > 0) next.set('minPrice', String(band.min));
    if (band.max !== null) next.set('maxPrice', String(bandTop(band.max)));
  });
}

/** Is this band the listing's price filter? */
export const isPriceBandChosen = (params: ListingParams, band: PriceBand): boolean =>
  (params.minPrice !== undefined || params.maxPrice !== undefined) &&
  (params.minPrice ?? 0) === band.min &&
  params.maxPrice === (band.max === null ? undefined : bandTop(band.max));

/** 'Under ₹500', '₹500 – ₹999', '₹10,000 and above'. */
export function priceBandLabel({ min, max }: PriceBand): string {
  if (max === null) return `${formatPrice(min)} and above`;
  if (min <= 0) return `Under ${formatPrice(max)}`;
  return `${formatPrice(min)} – ${formatPrice(Math.ceil(max) - 1)}`;
}

/** Takes away every filter (type, price, stock, specifications), keeping the search words, category and sort. */
export function withoutFilters(search: URLSearchParams): URLSearchParams {
  return nextSearch(search, (next) => {
    for (const key of FILTER_KEYS) next.delete(key);
    for (const key of new Set(next.keys())) if (isAttributeKey(key)) next.delete(key);
  });
}

/** Is this specification value among the listing's filters? */
export const isAttributeChosen = (params: ListingParams, name: string, value: string): boolean =>
  Object.entries(params.attributes ?? {}).some(
    ([known, values]) => sameText(known, name) && values.some((chosen) => sameText(chosen, value)),
  );

/** The listing at this query. */
export const productsPath = (search: URLSearchParams) => {
  const query = search.toString();
  return query ? `/products?${query}` : '/products';
};

/** The search results of these words. */
export const searchPath = (q: string) => productsPath(new URLSearchParams({ q: q.trim() }));

/** The listing of a category (and of one of its types). */
export function categoryLinkOf(category: string, parentCategory?: string): string {
  const query = new URLSearchParams({ category: category.toLowerCase() });
  if (parentCategory) query.set('parentCategory', parentCategory);
  return productsPath(query);
}

/** A listing's one address: its words and filters in one order, page 1 without a page number. */
export function canonicalListingPath(params: ListingParams): string {
  const { category, parentCategory, featured, q, sort, minPrice, maxPrice, inStock, attributes, page } = params;
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (category?.trim()) query.set('category', category.trim().toLowerCase());
  if (parentCategory?.trim()) query.set('parentCategory', parentCategory.trim());
  if (featured) query.set('featured', 'true');
  for (const [key, values] of Object.entries(attributeQuery(attributes))) {
    for (const value of values) query.append(key, value);
  }
  if (minPrice !== undefined) query.set('minPrice', String(minPrice));
  if (maxPrice !== undefined) query.set('maxPrice', String(maxPrice));
  if (inStock) query.set('inStock', 'true');
  if (sort) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  return productsPath(query);
}
