import { ATTRIBUTE_FILTER_PREFIX, OPTION_FILTER_PREFIX, type ProductSort } from '@netkart/contract';
import type { QueryValue } from '@/lib/api-client';
import { englishT, type MessageKey, type Translate } from '@/lib/i18n';

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
  /** The country the goods were made in (Legal Metrology rule 6(10A)). */
  countryOfOrigin?: string;
  /** Specification filters by name: values of one name are alternatives, names all apply. */
  attributes?: Record<string, string[]>;
  /** Variant option filters by name (Colour: Olive): the products having such a variant. */
  options?: Record<string, string[]>;
  page: number;
}

/**
 * Spec filters as the API takes them: `attr.Speed: ['2.5', '10']`, names in one order; with the
 * option prefix, the variant options' (`option.Colour: ['Olive']`).
 */
export function attributeQuery(
  attributes: Record<string, string[]> = {},
  prefix = ATTRIBUTE_FILTER_PREFIX,
): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const name of Object.keys(attributes).sort()) {
    const values = attributes[name] ?? [];
    if (values.length) query[`${prefix}${name}`] = [...values].sort();
  }
  return query;
}

/** Variant option filters as the API takes them: `option.Colour: ['Olive']`. */
export const optionQuery = (options: Record<string, string[]> = {}) => attributeQuery(options, OPTION_FILTER_PREFIX);

/** The GET /products query of a listing page (spec section 7): only non-empty filters. */
export function listingQuery(params: ListingParams, limit = PAGE_SIZE) {
  const { category, parentCategory, featured, q, sort, minPrice, maxPrice, inStock, attributes, page } = params;
  const query: Record<string, QueryValue> = { page, limit };
  const origin = params.countryOfOrigin?.trim();
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
  if (origin) query.countryOfOrigin = origin;
  Object.assign(query, attributeQuery(attributes), optionQuery(params.options));
  return query;
}

const capitalise = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

const DEFAULT_HEADINGS: Record<string, MessageKey> = {
  men: 'listing.menHeading',
  women: 'listing.womenHeading',
  accessories: 'listing.accessoriesHeading',
};

/** The listing's heading: the words searched for, else the chosen type, else the category's name, else All Products. */
export function listingHeading(params: ListingParams, storeCategories: string[] = [], t: Translate = englishT): string {
  if (params.q) return t('listing.resultsFor', { q: params.q });
  if (params.parentCategory?.trim()) return params.parentCategory.trim();
  const key = params.category?.trim().toLowerCase();
  if (!key) return t(params.featured ? 'listing.featuredHeading' : 'nav.allProducts');
  const fromStore = storeCategories.find((category) => category.toLowerCase() === key);
  const heading = DEFAULT_HEADINGS[key];
  return heading ? t(heading) : (fromStore ?? capitalise(key));
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
export function showingText(page: number, total: number, pageSize = PAGE_SIZE, t: Translate = englishT): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return t('listing.showing', { from, to, total });
}

/** Specification filters travel in the address as `attr.<name>`; names and values are one whatever their case. */
export const isAttributeKey = (key: string) => key.startsWith(ATTRIBUTE_FILTER_PREFIX);
export const attributeNameOf = (key: string) => key.slice(ATTRIBUTE_FILTER_PREFIX.length).trim();
/** Variant option filters travel as `option.<name>`, read the same way. */
export const isOptionKey = (key: string) => key.startsWith(OPTION_FILTER_PREFIX);
export const optionNameOf = (key: string) => key.slice(OPTION_FILTER_PREFIX.length).trim();
export const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
