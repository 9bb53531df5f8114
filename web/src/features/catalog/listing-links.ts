import { ATTRIBUTE_FILTER_PREFIX, OPTION_FILTER_PREFIX } from '@netkart/contract';
import { englishT, type Translate } from '@/lib/i18n';
import { formatPrice } from '@/lib/money';
import {
  attributeNameOf,
  attributeQuery,
  isAttributeKey,
  isOptionKey,
  type ListingParams,
  optionNameOf,
  optionQuery,
  sameText,
} from './listing';

/* The addresses of listings: the next one when a filter changes, and the links to one. */

/** Filters the shopper narrows a listing with; the search words, category and sort stay when they are cleared. */
const FILTER_KEYS = ['parentCategory', 'minPrice', 'maxPrice', 'inStock', 'countryOfOrigin'];

/** Is anything filtering the listing beyond its search words and category? */
export const hasFilters = (params: ListingParams): boolean =>
  !!params.parentCategory?.trim() ||
  params.minPrice !== undefined ||
  params.maxPrice !== undefined ||
  !!params.inStock ||
  !!params.countryOfOrigin?.trim() ||
  Object.keys(params.attributes ?? {}).length > 0 ||
  Object.keys(params.options ?? {}).length > 0;

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

/**
 * Adds a specification value to the filter, or takes it away when it is there (names and values in
 * any case); with `option`, a variant option's value.
 */
export function withAttributeToggled(
  search: URLSearchParams,
  name: string,
  value: string,
  option = false,
): URLSearchParams {
  const isKey = option ? isOptionKey : isAttributeKey;
  const nameOf = option ? optionNameOf : attributeNameOf;
  return nextSearch(search, (next) => {
    let removed = false;
    for (const key of new Set(next.keys())) {
      if (!isKey(key) || !sameText(nameOf(key), name)) continue;
      const values = next.getAll(key);
      const kept = values.filter((known) => !sameText(known.trim(), value));
      if (kept.length === values.length) continue;
      removed = true;
      next.delete(key);
      for (const known of kept) next.append(key, known);
    }
    if (!removed) next.append(`${option ? OPTION_FILTER_PREFIX : ATTRIBUTE_FILTER_PREFIX}${name}`, value);
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
export function priceBandLabel({ min, max }: PriceBand, t: Translate = englishT): string {
  if (max === null) return t('filters.priceAndAbove', { price: formatPrice(min) });
  if (min <= 0) return t('filters.priceUnder', { price: formatPrice(max) });
  return `${formatPrice(min)} – ${formatPrice(Math.ceil(max) - 1)}`;
}

/** Takes away every filter (type, price, stock, specifications, options), keeping the search words, category and sort. */
export function withoutFilters(search: URLSearchParams): URLSearchParams {
  return nextSearch(search, (next) => {
    for (const key of FILTER_KEYS) next.delete(key);
    for (const key of new Set(next.keys())) if (isAttributeKey(key) || isOptionKey(key)) next.delete(key);
  });
}

/** Is this specification value (with `option`, this variant option's value) among the listing's filters? */
export const isAttributeChosen = (params: ListingParams, name: string, value: string, option = false): boolean =>
  Object.entries((option ? params.options : params.attributes) ?? {}).some(
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
  for (const [key, values] of Object.entries({ ...attributeQuery(attributes), ...optionQuery(params.options) })) {
    for (const value of values) query.append(key, value);
  }
  if (minPrice !== undefined) query.set('minPrice', String(minPrice));
  if (maxPrice !== undefined) query.set('maxPrice', String(maxPrice));
  if (inStock) query.set('inStock', 'true');
  if (params.countryOfOrigin?.trim()) query.set('countryOfOrigin', params.countryOfOrigin.trim());
  if (sort) query.set('sort', sort);
  if (page > 1) query.set('page', String(page));
  return productsPath(query);
}

/** One active filter as a removable chip: what it says, and the address without it. */
export interface FilterChip {
  key: string;
  label: string;
  without: (search: URLSearchParams) => URLSearchParams;
}

/** The price filter in words: a band's own label when it is one of the bands, else its ends. */
export function priceFilterLabel(
  minPrice: number | undefined,
  maxPrice: number | undefined,
  t: Translate = englishT,
): string {
  // A band's top is a paisa below its end (bandTop): 499.99 is "Under ₹500".
  const bandEnd = maxPrice === undefined ? null : Math.round((maxPrice + 0.01) * 100) / 100;
  if (maxPrice === undefined) return priceBandLabel({ min: minPrice ?? 0, max: null }, t);
  if (bandEnd !== null && Number.isInteger(bandEnd) && !Number.isInteger(maxPrice)) {
    return priceBandLabel({ min: minPrice ?? 0, max: bandEnd }, t);
  }
  if (minPrice === undefined || minPrice <= 0) return t('filters.priceUpTo', { price: formatPrice(maxPrice) });
  return `${formatPrice(minPrice)} – ${formatPrice(maxPrice)}`;
}

/** Every filter narrowing the listing (type, options, specifications, price, stock), each removable on its own. */
export function filterChipsOf(params: ListingParams, t: Translate = englishT): FilterChip[] {
  const chips: FilterChip[] = [];
  const type = params.parentCategory?.trim();
  if (type)
    chips.push({ key: 'type', label: type, without: (search) => withParams(search, { parentCategory: undefined }) });
  for (const [name, values] of Object.entries(params.options ?? {})) {
    for (const value of values) {
      chips.push({
        key: `option:${name}:${value}`,
        label: `${name}: ${value}`,
        without: (search) => withAttributeToggled(search, name, value, true),
      });
    }
  }
  for (const [name, values] of Object.entries(params.attributes ?? {})) {
    for (const value of values) {
      chips.push({
        key: `attr:${name}:${value}`,
        label: `${name}: ${value}`,
        without: (search) => withAttributeToggled(search, name, value),
      });
    }
  }
  if (params.minPrice !== undefined || params.maxPrice !== undefined) {
    chips.push({
      key: 'price',
      label: priceFilterLabel(params.minPrice, params.maxPrice, t),
      without: (search) => withPriceBand(search, null),
    });
  }
  if (params.inStock) {
    chips.push({
      key: 'inStock',
      label: t('filters.inStockOnly'),
      without: (search) => withParams(search, { inStock: undefined }),
    });
  }
  const origin = params.countryOfOrigin?.trim();
  if (origin) {
    chips.push({
      key: 'countryOfOrigin',
      label: t('filters.madeIn', { origin }),
      without: (search) => withParams(search, { countryOfOrigin: undefined }),
    });
  }
  return chips;
}
