import { z } from 'zod';

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
  value: z.array(z.string()),
  metricUnit: z.string().nullable(),
});
export type ProductAttribute = z.infer<typeof ProductAttribute>;

/** A product as the server returns it (spec section 3). */
export const Product = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
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

export const ProductListQuery = z.object({
  page: positiveInt('page', 1, 1_000_000),
  limit: positiveInt('limit', PRODUCTS_DEFAULT_LIMIT, PRODUCTS_MAX_LIMIT),
  category: optionalFilter('category'),
  parentCategory: optionalFilter('parentCategory'),
  gender: optionalFilter('gender'),
  /** Comma-separated gender values; 'null' matches products with no gender. */
  filter: optionalFilter('filter'),
  featured: z.enum(['true', 'false'], { error: "featured must be 'true' or 'false'." }).optional(),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductListResponse = z.object({
  data: z.array(Product),
  count: z.number().int(),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;
