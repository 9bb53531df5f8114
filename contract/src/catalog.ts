import { z } from 'zod';
import { PRODUCT_SORTS, SEARCH_MAX_LENGTH } from './listing-rules.js';
import { ProductRating } from './reviews.js';

export const PRODUCTS_MAX_LIMIT = 100;
export const PRODUCTS_DEFAULT_LIMIT = 12;

export const ProductImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProductImage = z.infer<typeof ProductImage>;

export const ProductAttribute = z.object({
  id: z.string(),
  key: z.string(),
  /** With `lang=hi`, the specification's Hindi label when the merchant gave one (`key` stays English). */
  label: z.string().optional(),
  value: z.array(z.string()),
  metricUnit: z.string().nullable(),
});
export type ProductAttribute = z.infer<typeof ProductAttribute>;

/** The languages the shop answers in: English, and Hindi beside it. */
export const SHOP_LANGUAGES = ['en', 'hi'] as const;
export type ShopLanguage = (typeof SHOP_LANGUAGES)[number];

/**
 * `lang=hi` asks the catalogue in Hindi: a product's Hindi title and description, a category's
 * Hindi name, where the merchant gave them, and the English ones where not. Left out, English.
 * It is part of the URL (not Accept-Language), so every cache keys on it without a Vary.
 */
export const LanguageParam = z
  .enum(SHOP_LANGUAGES, { error: `lang must be one of ${SHOP_LANGUAGES.join(', ')}.` })
  .optional();
/** An option a product comes in, and its values in order: { name: 'Colour', values: ['Black', 'Olive'] }. */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/**
 * One variant of a product: its own SKU, its value of each option ({ Colour: 'Olive' }), prices
 * in rupees (`price` is what a shopper pays), stock and pictures (empty: the product's).
 */
export const ProductVariant = z.object({
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  mrp: z.number().nullable(),
  stock: z.number().int(),
  images: z.array(ProductImage),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** A product as the server returns it (spec section 3). */
export const Product = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  /**
   * The English title, when `lang=hi` gave a Hindi one in `title`: a product's address is made from
   * its English title in every language, so both pages link to each other and to nothing that moves.
   */
  addressTitle: z.string().optional(),
  description: z.string(),
  imgUrl: z.string(),
  category: z.string(),
  parentCategory: z.string().nullable(),
  gender: z.string().nullable(),
  regularPrice: z.number(),
  discountedPrice: z.number().nullable(),
  stock: z.number().int(),
  createdAt: z.string(),
  images: z.array(ProductImage),
  attributes: z.array(ProductAttribute),
  /** Legal particulars (null: not given): HSN code, GST rate in percent, MRP in rupees (tax inclusive). */
  hsn: z.string().nullable(),
  gstRate: z.number().nullable(),
  mrp: z.number().nullable(),
  countryOfOrigin: z.string().nullable(),
  /** Name and address of the manufacturer, and of the importer for imported goods. */
  manufacturer: z.string().nullable(),
  importer: z.string().nullable(),
  /** e.g. '1 N' */
  netQuantity: z.string().nullable(),
  /** The BIS registration (R-number) of goods under the Compulsory Registration Scheme; null: none. */
  bisRegistration: z.string().nullable(),
  /** The approved reviews' average stars and count (absent from answers made before reviews). */
  rating: ProductRating.optional(),
  /**
   * The product's options and variants (a product without options is its one variant); the
   * product's page carries them, listings leave them out.
   */
  options: z.array(ProductOption).optional(),
  variants: z.array(ProductVariant).optional(),
  /** True when its variants differ in price: the price given is the cheapest's ("from ₹…"). */
  priceFrom: z.boolean().optional(),
});
export type Product = z.infer<typeof Product>;

const optionalFilter = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(100, { error: `${label} must be at most 100 characters.` })
    .optional()
    .transform((value) => (value ? value : undefined));

const positiveInt = (label: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int({ error: `${label} must be a whole number.` })
    .min(1, { error: `${label} must be at least 1.` })
    .max(max, { error: `${label} must be at most ${max}.` })
    .default(fallback);

const searchText = z
  .string({ error: 'q must be text.' })
  .max(SEARCH_MAX_LENGTH, { error: `q must be at most ${SEARCH_MAX_LENGTH} characters.` })
  .optional()
  .transform((value) => value?.trim() || undefined);

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of rupees.` })
    .refine(Number.isFinite, { error: `${label} must be a number of rupees.` })
    .min(0, { error: `${label} cannot be negative.` })
    .max(10_000_000, { error: `${label} must be at most 1,00,00,000.` })
    .optional();

export const ProductListQuery = z
  .object({
    /** Words to search for; the listing is then ranked by relevance unless `sort` says otherwise. */
    q: searchText,
    sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}.` }).optional(),
    /** On the price the shopper pays (discounted if any), in rupees. */
    minPrice: price('minPrice'),
    maxPrice: price('maxPrice'),
    inStock: z.enum(['true', 'false'], { error: "inStock must be 'true' or 'false'." }).optional(),
    page: positiveInt('page', 1, 1_000_000),
    limit: positiveInt('limit', PRODUCTS_DEFAULT_LIMIT, PRODUCTS_MAX_LIMIT),
    category: optionalFilter('category'),
    parentCategory: optionalFilter('parentCategory'),
    gender: optionalFilter('gender'),
    /** Comma-separated gender values; 'null' matches products with no gender. */
    filter: optionalFilter('filter'),
    featured: z.enum(['true', 'false'], { error: "featured must be 'true' or 'false'." }).optional(),
    /** The country the goods were made in (any case): India, China … (Legal Metrology rule 6(10A)). */
    countryOfOrigin: optionalFilter('countryOfOrigin'),
    lang: LanguageParam,
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    error: 'minPrice must not be more than maxPrice.',
    path: ['minPrice'],
  });
export type ProductListQuery = z.input<typeof ProductListQuery>;

/** One value of a facet and how many products of the listing have it. */
export const FacetValue = z.object({
  value: z.string(),
  count: z.number().int(),
  /** With `lang=hi`, a type's Hindi name when the merchant gave one (`value` stays the filter's English). */
  label: z.string().optional(),
});
export type FacetValue = z.infer<typeof FacetValue>;

/**
 * What the current listing holds, to filter it further: each facet's counts take every other
 * filter into account but not its own, so choosing one value still shows the others.
 */
export const ProductFacets = z.object({
  /** By type (the products' parentCategory). */
  types: z.array(FacetValue),
  /** By price band: from `min` up to (not including) `max` rupees; the last band has no `max`. */
  prices: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
  /** How many are in stock. */
  inStock: z.number().int(),
  /** By country of origin (products that name none are not counted). */
  origins: z.array(FacetValue),
  /**
   * By specification, e.g. Speed: 1, 2.5, 10 with the unit Gbps; when the values have different
   * units, `unit` is null and each value names its own.
   */
  attributes: z.array(
    z.object({
      key: z.string(),
      /** With `lang=hi`, the specification's Hindi label when the merchant gave one. */
      label: z.string().optional(),
      unit: z.string().nullable(),
      values: z.array(FacetValue.extend({ unit: z.string().nullable().optional() })),
    }),
  ),
  /**
   * By variant option, e.g. Colour: Olive 3, Black 5: how many products have a variant with each
   * value (in stock, with `inStock=true`); filter with `option.Colour=Olive`.
   */
  options: z.array(z.object({ name: z.string(), values: z.array(FacetValue) })),
});
export type ProductFacets = z.infer<typeof ProductFacets>;

export const ProductListResponse = z.object({
  data: z.array(Product),
  count: z.number().int(),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  facets: ProductFacets,
  /** With `q`: the words searched for, and the spelling searched instead when they were mistyped. */
  search: z
    .object({
      query: z.string(),
      correctedQuery: z.string().nullable(),
      /**
       * The shopper's words the results are for, when not every word was searched: words that
       * match nothing or carry no meaning ("sasta", "ka", "best", "for") and price words are left
       * out ("best usb c hub for macbook" → "usb c hub"); empty when only a price or an order was asked.
       */
      searchedFor: z.string().optional(),
      /** A price range the words asked for ("under 1000", "500 to 1000", "₹1k"), applied as the price filter. */
      priceFromWords: z.object({ min: z.number().nullable(), max: z.number().nullable() }).optional(),
      /** An order the words asked for ("sasta": the lowest price first), applied when no sort was chosen. */
      sortFromWords: z.enum(['price_asc', 'price_desc']).optional(),
    })
    .optional(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const SuggestQuery = z.object({ q: searchText, lang: LanguageParam });

/** One product's page: `lang=hi` for its Hindi texts. */
export const ProductQuery = z.object({ lang: LanguageParam });

export const CategoriesQuery = z.object({ lang: LanguageParam });

/** A category or product type with the name to show: the Hindi one with `lang=hi` where given. */
export const CategoryName = z.object({ name: z.string(), label: z.string() });
export type CategoryName = z.infer<typeof CategoryName>;

/** The store's shown categories and types (GET /categories), each with its label in the asked language. */
export const CategoriesResponse = z.object({ categories: z.array(CategoryName), types: z.array(CategoryName) });
export type CategoriesResponse = z.infer<typeof CategoriesResponse>;

/** What the search box offers as the shopper types: categories and types first, then products. */
export const Suggestion = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), label: z.string(), category: z.string() }),
  z.object({ kind: z.literal('type'), label: z.string(), parentCategory: z.string() }),
  z.object({ kind: z.literal('product'), label: z.string(), id: z.string(), imgUrl: z.string(), price: z.number() }),
]);
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestResponse = z.object({ suggestions: z.array(Suggestion) });
export type SuggestResponse = z.infer<typeof SuggestResponse>;
