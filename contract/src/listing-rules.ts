/** The listing's sorts and limits. No schema here: the shop's first page reads them. */

/**
 * How a listing can be ordered; relevance needs `q` (without it the catalogue's own order); origin
 * goes by country of origin A to Z, products that name none last. Ties go by id.
 */
export const PRODUCT_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'discount', 'origin'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The longest search the shop reads: more is refused with a message, not cut silently. */
export const SEARCH_MAX_LENGTH = 200;
/** At most this many suggestions as the shopper types. */
export const SUGGESTIONS_MAX = 8;
/** The price bands of the listing's facets, in rupees: each from its number up to the next. */
export const PRICE_BANDS = [0, 500, 1000, 2500, 5000, 10000] as const;
/** Query parameters that filter by a specification: `attr.Speed=2.5` (repeat for OR). */
export const ATTRIBUTE_FILTER_PREFIX = 'attr.';
/** One listing's specification filters: at most this many names, values of each, and characters of each. */
export const ATTRIBUTE_FILTER_LIMITS = { names: 10, values: 20, length: 100 } as const;
/**
 * Query parameters that filter by a variant's option value: `option.Colour=Olive` (repeat for OR)
 * lists the products having such a variant (in stock, with `inStock=true`); the same limits.
 */
export const OPTION_FILTER_PREFIX = 'option.';
