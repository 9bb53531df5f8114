import { stringify } from 'csv-stringify/sync';
import { formatAttributesCell, formatImagesCell } from './csv-cells.js';
import { type ProductRecord, RECORD_FIELDS } from './product-record.js';

export type CatalogueFormat = 'csv' | 'json';

/**
 * Writes a catalogue that `products import` reads back to the same products, piece by piece so
 * a large catalogue never sits in memory whole: `start`, then `records` for each batch, then `end`.
 */
export function catalogueWriter(format: CatalogueFormat) {
  let written = 0;
  if (format === 'json') {
    return {
      start: () => '[',
      records(records: ProductRecord[]) {
        // The same text as JSON.stringify(all, null, 2), one element at a time.
        const text = records
          .map(
            (record, index) =>
              `${written + index === 0 ? '' : ','}\n${JSON.stringify(record, null, 2).replace(/^/gm, '  ')}`,
          )
          .join('');
        written += records.length;
        return text;
      },
      end: () => (written === 0 ? ']\n' : '\n]\n'),
    };
  }
  return {
    start: () => stringify([[...RECORD_FIELDS]]),
    records: (records: ProductRecord[]) => stringify(records.map(csvRow)),
    end: () => '',
  };
}

const csvRow = (record: ProductRecord): string[] => [
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
  record.hsn ?? '',
  record.gstRate === null ? '' : String(record.gstRate),
  record.mrp === null ? '' : String(record.mrp),
  record.countryOfOrigin ?? '',
  record.manufacturer ?? '',
  record.importer ?? '',
  record.netQuantity ?? '',
];
