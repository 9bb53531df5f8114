import fs from 'node:fs';
import path from 'node:path';
import {
  type CatalogueEntry,
  CatalogueFileError,
  type CatalogueProblem,
  type ProgressListener,
  type ReadCatalogue,
} from './catalogue-entry.js';
import { readCsv } from './read-csv.js';
import { readJson } from './read-json.js';

/** JSON is parsed in one piece; CSV streams, so it has no such limit. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

/**
 * A catalogue file opened for reading, as many times as wanted: each `entries()` streams the file
 * again from the start, a row at a time, so a file of any size is checked and imported without
 * holding its rows (a JSON file, capped at MAX_JSON_BYTES, is still parsed whole each time).
 */
export interface CatalogueFile {
  /** Things the file got past, but the merchant should know (e.g. it was not UTF-8). */
  warnings: CatalogueProblem[];
  entries(onProgress?: ProgressListener): AsyncGenerator<CatalogueEntry>;
}

/** Opens a .csv or .json catalogue; throws CatalogueFileError when the file cannot be read at all. */
export async function openCatalogueFile(file: string): Promise<CatalogueFile> {
  const extension = path.extname(file).toLowerCase();
  const size = checkCatalogueFile(file);
  if (extension === '.json')
    return {
      warnings: [],
      entries: async function* () {
        yield* readJson(file);
      },
    };
  const utf8 = await isUtf8(file);
  return {
    warnings: utf8
      ? []
      : [
          {
            line: 0,
            message:
              'not UTF-8: read as Windows-1252, what Excel\'s "CSV (Comma delimited)" writes. Check the names with accents or ₹ below; saving as "CSV UTF-8" avoids this.',
          },
        ],
    entries: (onProgress) => readCsv(file, size, utf8, onProgress),
  };
}

/**
 * What can be told of a catalogue file before reading it: a .csv or .json file that is there, a
 * JSON one not over MAX_JSON_BYTES. Its size; else throws CatalogueFileError.
 */
export function checkCatalogueFile(file: string): number {
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new CatalogueFileError(`${file}: give a .csv or a .json file.`);
  }
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new CatalogueFileError(`${file} is not a file.`);
    size = stat.size;
  } catch (error) {
    if (error instanceof CatalogueFileError) throw error;
    throw new CatalogueFileError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
  if (extension === '.json' && size > MAX_JSON_BYTES) {
    throw new CatalogueFileError(
      `${file} is over ${MAX_JSON_BYTES / 1024 / 1024} MB: a JSON file is read whole, so give a catalogue this large as CSV.`,
    );
  }
  return size;
}

/** Reads a whole catalogue into memory, duplicates flagged (the back office's uploads, which are small). */
export async function readCatalogueFile(file: string, onProgress?: ProgressListener): Promise<ReadCatalogue> {
  const opened = await openCatalogueFile(file);
  const read: ReadCatalogue = { records: [], problems: [], warnings: opened.warnings };
  for await (const entry of opened.entries(onProgress)) {
    if ('problem' in entry) read.problems.push({ line: entry.line, message: entry.problem });
    else read.records.push(entry);
  }
  return withDuplicatesFlagged(read);
}

/** Whether the whole file is valid UTF-8, read a chunk at a time. */
async function isUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function withDuplicatesFlagged(read: ReadCatalogue): ReadCatalogue {
  // SKUs are one whatever their case: NK-1 and nk-1 are the same product.
  const firstLine = new Map<string, number>();
  const records: ReadCatalogue['records'] = [];
  const problems = [...read.problems];
  for (const entry of read.records) {
    const seen = firstLine.get(entry.record.sku.toLowerCase());
    if (seen === undefined) {
      firstLine.set(entry.record.sku.toLowerCase(), entry.line);
      records.push(entry);
    } else {
      problems.push({ line: entry.line, message: `the SKU ${entry.record.sku} is already on line ${seen}.` });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { records, problems, warnings: read.warnings };
}
