import { createHash } from 'node:crypto';
import type { ProductColumns } from '../product-row.js';
import type { TEXT_COLUMNS } from './import-columns.js';

/* Whether an imported row changes its product, and in which of the file's fields. */

/** The columns the merchant controls: a product whose columns are all the same is left untouched. */
export const FINGERPRINTED = [
  'sku',
  'title',
  'description',
  'category',
  'parent_category',
  'gender',
  'regular_price',
  'discounted_price',
  'stock',
  'hidden',
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
  'title_hi',
  'description_hi',
] as const satisfies readonly (keyof ProductColumns)[];

/** A product the import may update, as much of it as the comparison needs. */
export type ExistingProduct = Pick<ProductColumns, (typeof FINGERPRINTED)[number] | (typeof TEXT_COLUMNS)[number]> & {
  id: string;
};

/** Each fingerprinted column by the name a catalogue file gives it. */
const FILE_FIELD_OF: Record<(typeof FINGERPRINTED)[number], string> = {
  sku: 'sku',
  title: 'title',
  description: 'description',
  category: 'category',
  parent_category: 'parentCategory',
  gender: 'gender',
  regular_price: 'regularPrice',
  discounted_price: 'discountedPrice',
  stock: 'stock',
  hidden: 'hidden',
  img_url: 'images',
  images_json: 'images',
  attributes_json: 'attributes',
  hsn: 'hsn',
  gst_rate: 'gstRate',
  mrp: 'mrp',
  country_of_origin: 'countryOfOrigin',
  manufacturer: 'manufacturer',
  importer: 'importer',
  net_quantity: 'netQuantity',
  bis_registration: 'bisRegistration',
  weight_grams: 'weightGrams',
  length_cm: 'lengthCm',
  breadth_cm: 'breadthCm',
  height_cm: 'heightCm',
  title_hi: 'titleHi',
  description_hi: 'descriptionHi',
};

/** The fields (as the file names them) in which the product and the row differ. */
export function changedFields(row: ExistingProduct, columns: ProductColumns): string[] {
  const fields = FINGERPRINTED.filter((column) => String(row[column] ?? '') !== String(columns[column] ?? '')).map(
    (column) => FILE_FIELD_OF[column],
  );
  return [...new Set(fields)];
}

/** A digest of what the merchant controls: equal when an import would change nothing. */
export function fingerprintOf(product: Pick<ProductColumns, (typeof FINGERPRINTED)[number]>): string {
  const hash = createHash('sha1');
  for (const column of FINGERPRINTED)
    hash.update(`${product[column] === null ? '\u0001' : String(product[column])}\u0000`);
  return hash.digest('base64');
}
