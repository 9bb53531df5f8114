import { stringify } from 'csv-stringify/sync';
import { csvTextCell as text } from '../../../shared/csv-cell.js';
import { formatAttributesCell, formatImagesCell } from './csv-cells.js';
import { csvColumnName, type ProductRecord, RECORD_FIELDS } from './product-record.js';

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
    start: () => stringify([RECORD_FIELDS.map(csvColumnName)]),
    records: (records: ProductRecord[]) => stringify(records.map(csvRow)),
    end: () => '',
  };
}

/**
 * Text cells are guarded against spreadsheet formulas (csv-cell.ts; the importer removes the guard,
 * so an export reads back unchanged); prices, stock, the flag and the rate are numbers the shop wrote.
 */
const csvRow = (record: ProductRecord): string[] => [
  text(record.sku),
  text(record.title),
  text(record.description),
  text(record.category),
  text(record.parentCategory ?? ''),
  text(record.gender ?? ''),
  String(record.regularPrice),
  record.discountedPrice === null ? '' : String(record.discountedPrice),
  String(record.stock),
  record.hidden ? 'true' : 'false',
  text(formatImagesCell(record.images)),
  text(formatAttributesCell(record.attributes)),
  text(record.hsn ?? ''),
  record.gstRate === null ? '' : String(record.gstRate),
  record.mrp === null ? '' : String(record.mrp),
  text(record.countryOfOrigin ?? ''),
  text(record.manufacturer ?? ''),
  text(record.importer ?? ''),
  text(record.netQuantity ?? ''),
  text(record.bisRegistration ?? ''),
  record.weightGrams === null ? '' : String(record.weightGrams),
  record.lengthCm === null ? '' : String(record.lengthCm),
  record.breadthCm === null ? '' : String(record.breadthCm),
  record.heightCm === null ? '' : String(record.heightCm),
  text(record.titleHi ?? ''),
  text(record.descriptionHi ?? ''),
  text(record.parentSku ?? ''),
  text(record.option1Name ?? ''),
  text(record.option1Value ?? ''),
  text(record.option2Name ?? ''),
  text(record.option2Value ?? ''),
  text(record.option3Name ?? ''),
  text(record.option3Value ?? ''),
];
