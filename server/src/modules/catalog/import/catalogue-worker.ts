import { parentPort, workerData } from 'node:worker_threads';
import { type ProductColumns, productColumns } from '../product-row.js';
import { CatalogueCheck } from './catalogue-check.js';
import { CatalogueFileError } from './catalogue-entry.js';
import { openCatalogueFile } from './read-catalogue.js';
import type { FromReader, ReadJob } from './read-in-worker.js';
import { isVariantRecord } from './variant-rows.js';

/**
 * The thread that reads a catalogue file for `store products import` (read-in-worker.ts): each row
 * parsed, checked (CatalogueCheck) and made into a product's columns, the good ones sent on in
 * batches while the main thread stages the batches before them. It keeps at most `ahead` batches
 * unanswered, so a file of any size is never held whole.
 */
const job = workerData as ReadJob;
const port = parentPort;
if (!port) throw new Error('catalogue-worker.ts runs as a worker thread.');
const send = (message: FromReader) => port.postMessage(message);

let credit = job.ahead;
let wake: (() => void) | undefined;
port.on('message', () => {
  credit += 1;
  wake?.();
  wake = undefined;
});

async function read(): Promise<void> {
  const catalogue = await openCatalogueFile(job.file);
  const check = new CatalogueCheck(job.mediaDirs, job.bisCategories);
  let rows: ProductColumns[] = [];
  let done = 0;
  let total = 0;
  const flush = async () => {
    while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit -= 1;
    send({ kind: 'rows', rows, done, total });
    rows = [];
  };
  for await (const entry of catalogue.entries((bytes, size) => {
    done = bytes;
    total = size;
  })) {
    check.add(entry);
    // A variant's row is no product: its product's variants are written once the file is read.
    if (!('record' in entry) || !check.passed(entry.line) || isVariantRecord(entry.record)) continue;
    // The import's own time is set as the rows are staged.
    rows.push(productColumns(entry.record, ''));
    if (rows.length === job.batchRows) await flush();
  }
  if (rows.length) await flush();
  send({
    kind: 'end',
    good: check.good,
    problems: check.problems(),
    variants: check.variants(),
    warnings: [...catalogue.warnings, ...check.warnings(job.knownCategories, job.gstin)],
  });
}

read().catch((error: unknown) =>
  send({
    kind: 'failed',
    message: error instanceof Error ? error.message : String(error),
    fileError: error instanceof CatalogueFileError,
  }),
);
