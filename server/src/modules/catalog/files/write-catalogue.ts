import { stringify } from 'csv-stringify/sync';
import { formatAttributesCell, formatImagesCell } from './csv-cells.js';
import { type ProductRecord, RECORD_FIELDS } from './product-record.js';

export type CatalogueFormat = 'csv' | 'json';

/** A catalogue file that `products import` reads back to the same products. */
export function writeCatalogue(records: ProductRecord[], format: CatalogueFormat): string {
  if (format === 'json') return `${JSON.stringify(records, null, 2)}\n`;
  const rows = records.map((record) => [
    record.sku,
    record.title,
    record.description,
    record.category,
    record.parentCategory ?? '',
    record.gender ?? '',
    String(record.regularPrice),
    record.discountedPrice === null ? '' : String(record.discountedPrice),
    String(record.stock),
    record.hidden ? 'true' : 'false',
    formatImagesCell(record.images),
    formatAttributesCell(record.attributes),
  ]);
  return stringify([[...RECORD_FIELDS], ...rows]);
}
