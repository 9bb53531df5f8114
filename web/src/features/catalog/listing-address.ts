import { ATTRIBUTE_FILTER_LIMITS, PRODUCT_SORTS, type ProductSort, SEARCH_MAX_LENGTH } from '@netkart/contract';
import { attributeNameOf, isAttributeKey, isOptionKey, type ListingParams, optionNameOf, sameText } from './listing';

/* Reading a /products address: what the shop cannot read is left out, never refused. */

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

/**
 * `attr.Speed=2.5&attr.Speed=10` as { Speed: ['2.5', '10'] }: blank, overlong and repeated values
 * left out; with `options`, the variant options' `option.Colour=Olive` the same way.
 */
export function attributesFrom(search: URLSearchParams, options = false): Record<string, string[]> {
  const isKey = options ? isOptionKey : isAttributeKey;
  const nameOf = options ? optionNameOf : attributeNameOf;
  const attributes: Record<string, string[]> = {};
  for (const key of new Set(search.keys())) {
    if (!isKey(key)) continue;
    const name = nameOf(key);
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

/** A country of origin from the address bar: trimmed, at most as long as a filter may be, none when blank. */
function originFrom(value: string | null): { countryOfOrigin?: string } {
  const country = value?.trim();
  return country && country.length <= FILTER_TEXT_MAX ? { countryOfOrigin: country } : {};
}

/** Variant option filters from the address, when it has any (a listing without them reads as before). */
function optionsFrom(search: URLSearchParams): { options?: Record<string, string[]> } {
  const options = attributesFrom(search, true);
  return Object.keys(options).length ? { options } : {};
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
    ...originFrom(search.get('countryOfOrigin')),
    attributes: attributesFrom(search),
    ...optionsFrom(search),
    page: pageFrom(search.get('page')),
  };
}
