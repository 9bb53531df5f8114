/**
 * The catalogue import: the only door into this folder; the rest of the server imports from here.
 *
 * Its steps, in order:
 * 1. read: a CSV or JSON catalogue file is read a row at a time (read-catalogue.ts, with
 *    read-csv.ts and read-json.ts; a CSV's cells in csv-cells.ts; each row a ProductRecord of
 *    product-record.ts, or a problem: catalogue-entry.ts), on a thread of its own for the
 *    `store products import` command (read-in-worker.ts starting catalogue-worker.ts);
 * 2. check: every row is checked before anything is written, and every problem told with its line
 *    (catalogue-check.ts, with the checks of import-checks.ts: SKUs, pictures, categories, tax);
 * 3. stage: the good rows are compared with the catalogue (fingerprint.ts) and staged, a batch at
 *    a time, without the write lock (catalogue-staging.ts, its columns in import-columns.ts);
 * 4. write: set-based SQL from the staging table, all of it or none (catalogue-import.ts, in
 *    transactions sized by timed-parts.ts, the statements of set-writes.ts, the SQLite connection
 *    of import-connection.ts; the row triggers paused with ../bulk-write.ts).
 * The way back out, a catalogue file of the products, is product-batches.ts and write-catalogue.ts.
 */

export { CatalogueFileError, type CatalogueProblem } from './catalogue-entry.js';
export {
  type ImportChange,
  type ImportCounts,
  ImportInterrupted,
  type ImportOptions,
  importProducts,
} from './catalogue-import.js';
export type { PreparedRows } from './catalogue-staging.js';
export { categoryWarnings, missingBisRegistrations, missingPictures, taxWarnings } from './import-checks.js';
export { batchesOf } from './product-batches.js';
export { MAX_STOCK, rowToRecord } from './product-record.js';
export { checkCatalogueFile, readCatalogueFile } from './read-catalogue.js';
export { readInWorker } from './read-in-worker.js';
export { isVariantRecord, type VariantGroup, VariantRows, variantRecordsOf } from './variant-rows.js';
export { type CatalogueFormat, catalogueWriter } from './write-catalogue.js';
