import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serverFolder } from '../../../shared/server-folder.js';
import type { ProductColumns } from '../product-row.js';
import { CatalogueFileError, type CatalogueProblem, type ProgressListener } from './catalogue-entry.js';
import type { PreparedRows } from './catalogue-staging.js';
import type { VariantGroup } from './variant-rows.js';

/** What the reading thread is asked to do (catalogue-worker.ts). */
export interface ReadJob {
  file: string;
  /** The picture folders a `/media/` picture must be in; not given, pictures are not looked for. */
  mediaDirs: readonly string[] | undefined;
  /** The store's categories, and its GSTIN: what the warnings are about. */
  knownCategories: readonly string[];
  gstin: string | null;
  /** The categories the merchant marks as BIS-notified: their rows need a BIS R-number. */
  bisCategories?: readonly string[];
  batchRows: number;
  /** Batches the thread may send before the first of them is taken. */
  ahead: number;
}

/** What the reading thread says: a batch of good rows (with how far into the file it is), its end, or its failure. */
export type FromReader =
  | { kind: 'rows'; rows: ProductColumns[]; done: number; total: number }
  | ({ kind: 'end' } & CheckedFile)
  | { kind: 'failed'; message: string; fileError: boolean };

/** A whole file checked: as CatalogueCheck tells it, with the file's own warnings first. */
export interface CheckedFile {
  good: number;
  problems: CatalogueProblem[];
  /** The good variant rows, by product: written once the products are. */
  variants: VariantGroup[];
  warnings: CatalogueProblem[];
}

/**
 * Reads and checks a catalogue file in a worker thread, one pass, while the caller stages what it
 * has already sent: `rows` gives the good rows in batches, their columns made, and once it is
 * done, `checked()` tells the file's problems and warnings as CatalogueCheck would. Anything that
 * stops the thread (the file, or the thread itself failing) ends `rows` with a CatalogueFileError.
 * Leaving `rows` before its end stops the thread.
 */
export function readInWorker(
  job: Omit<ReadJob, 'batchRows' | 'ahead'>,
  onProgress?: ProgressListener,
  /** Another script for the thread (the tests' failing ones). */
  script?: URL,
): { rows: AsyncGenerator<PreparedRows>; checked: () => CheckedFile } {
  let result: CheckedFile | undefined;
  async function* rows(): AsyncGenerator<PreparedRows> {
    const data: ReadJob = { ...job, batchRows: BATCH_ROWS, ahead: AHEAD };
    const worker = new Worker(script ?? readerScript(), { workerData: data, resourceLimits: READER_LIMITS });
    const waiting: FromReader[] = [];
    let stopped: Error | undefined;
    let wake: (() => void) | undefined;
    const heard = () => {
      wake?.();
      wake = undefined;
    };
    const cannotRead = (why: string) => new CatalogueFileError(`Cannot read ${job.file}: ${why}`);
    worker.on('message', (message: FromReader) => {
      waiting.push(message);
      heard();
    });
    worker.on('error', (error) => {
      stopped ??= cannotRead(`the reading failed (${error.message}).`);
      heard();
    });
    worker.on('exit', (code) => {
      stopped ??= cannotRead(`the reading stopped before the end of the file (exit code ${code}).`);
      heard();
    });
    try {
      for (;;) {
        const message = waiting.shift();
        if (!message) {
          if (stopped) throw stopped;
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (message.kind === 'failed')
          throw message.fileError ? new CatalogueFileError(message.message) : cannotRead(message.message);
        if (message.kind === 'end') {
          const { kind: _kind, ...checked } = message;
          result = checked;
          return;
        }
        onProgress?.(message.done, message.total);
        yield { prepared: message.rows };
        worker.postMessage('more');
      }
    } finally {
      stopped ??= new Error('stopped');
      await worker.terminate();
    }
  }
  return {
    rows: rows(),
    checked: () => {
      if (!result) throw new Error('The catalogue file has not been read to its end yet.');
      return result;
    },
  };
}

/** Rows per batch the thread sends, and how many batches it may be ahead. */
const BATCH_ROWS = 2000;
const AHEAD = 4;
/**
 * The reading thread makes many short-lived objects (cells, rows, checks): with a young generation
 * of 64 MB rather than V8's default, fewer of them survive into the old one, whose collection was a
 * quarter of the thread's time (1,00,000 rows staged in 3.3–3.5 s instead of 3.8 s).
 */
const READER_LIMITS = { maxYoungGenerationSizeMb: 64 };

/**
 * The thread runs the compiled dist/catalogue-worker.js (see scripts/build.mjs),
 * or, from the TypeScript sources (tests, the `store` command in development), catalogue-worker.ts
 * through tsx, which a new thread must register for itself.
 */
function readerScript(): URL {
  if (!import.meta.url.endsWith('.ts'))
    return pathToFileURL(path.join(serverFolder(import.meta.url), 'dist/catalogue-worker.js'));
  // The ES module build of tsx/esm/api (a require() resolution would give its CommonJS build).
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as TsxManifest;
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
  const source = new URL('./catalogue-worker.ts', import.meta.url).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

type TsxManifest = { exports: { './esm/api': { import: { default: string } } } };
