import type { ProductColumns } from '../product-row.js';

/** Every column an import writes, in one order (a compile-time check below keeps it whole). */
export const PRODUCT_COLUMNS = [
  'search_title',
  'search_kind',
  'search_specs',
  'effective_price',
  'discount_bp',
  'sku',
  'title',
  'description',
  'title_hi',
  'description_hi',
  'category',
  'category_key',
  'parent_category',
  'parent_category_key',
  'gender',
  'gender_key',
  'regular_price',
  'discounted_price',
  'stock',
  'hidden',
  'featured',
  'img_url',
  'images_json',
  'attributes_json',
  'hsn',
  'gst_rate',
  'mrp',
  'country_of_origin',
  'manufacturer',
  'importer',
  'net_quantity',
  'bis_registration',
  'weight_grams',
  'length_cm',
  'breadth_cm',
  'height_cm',
  'updated_at',
] as const satisfies readonly (keyof ProductColumns)[];
type Missing = Exclude<keyof ProductColumns, (typeof PRODUCT_COLUMNS)[number]>;
const allColumnsListed: Missing extends never ? true : Missing = true;
void allColumnsListed;

/** The columns the search index is built from: written only when one of them changed (see the triggers). */
export const TEXT_COLUMNS = ['search_title', 'search_kind', 'search_specs', 'description'] as const;
