import type { ProductRecord } from '@netkart/contract';
import type { z } from 'zod';
import type { ProductRow } from '../../../db/schema.js';
import { toProduct } from '../product-row.js';

// The record's rules live in the contract: the back office's product form checks with them too.
export { csvColumnName, MAX_STOCK, ProductRecord, RECORD_FIELDS } from '@netkart/contract';

/** Every problem of one record, each naming its field, in one line. */
export function describeIssues(error: z.ZodError): string {
  const messages = error.issues.map((issue) => {
    const where = issue.path.filter((part) => typeof part === 'number' || typeof part === 'string');
    if (issue.code === 'unrecognized_keys')
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}.`;
    // Our messages name their field; zod's own ones get the path in front.
    return /^(Invalid|Too|Expected)/.test(issue.message) && where.length
      ? `${where.join('.')}: ${issue.message}`
      : issue.message;
  });
  return [...new Set(messages)].join(' ');
}

/** The record a stored product exports as; importing it back changes nothing. */
export function rowToRecord(row: ProductRow): ProductRecord {
  const product = toProduct(row);
  return {
    sku: product.sku,
    title: product.title,
    description: product.description,
    category: product.category,
    parentCategory: product.parentCategory,
    gender: product.gender,
    regularPrice: product.regularPrice,
    discountedPrice: product.discountedPrice,
    stock: product.stock,
    hidden: row.hidden === 1,
    images: product.images.map(({ url, width, height }) => ({ url, width, height })),
    attributes: product.attributes.map(({ key, value, metricUnit }) => ({ key, value, metricUnit })),
    hsn: product.hsn,
    gstRate: product.gstRate as ProductRecord['gstRate'],
    mrp: product.mrp,
    countryOfOrigin: product.countryOfOrigin,
    manufacturer: product.manufacturer,
    importer: product.importer,
    netQuantity: product.netQuantity,
    bisRegistration: product.bisRegistration,
    weightGrams: wholeOrNull(row.weight_grams),
    lengthCm: wholeOrNull(row.length_cm),
    breadthCm: wholeOrNull(row.breadth_cm),
    heightCm: wholeOrNull(row.height_cm),
    titleHi: row.title_hi ?? null,
    descriptionHi: row.description_hi ?? null,
  };
}

/** A parcel column as stored (PostgreSQL may hand back a real or a numeric as text). */
const wholeOrNull = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));
