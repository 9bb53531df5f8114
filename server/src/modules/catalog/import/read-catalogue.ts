import { isUtf8 as isUtf8Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { parseAttributesCell, parseImagesCell } from './csv-cells.js';
import { describeIssues, ProductRecord, RECORD_FIELDS } from './product-record.js';

/** A catalogue file read and checked: its good records, every problem with the line it is on, and warnings. */
export interface ReadCatalogue {
  records: { line: number; record: ProductRecord }[];
  problems: CatalogueProblem[];
  /** Things the file got past, but the merchant should know (e.g. it was not UTF-8). */
  warnings: CatalogueProblem[];
}

export interface CatalogueProblem {
  /** 1-based line of the file; 0 for a problem of the whole file. */
  line: number;
  message: string;
}

/** Stops a runaway cell (a 10 MB field, a quote never closed) long before it fills memory. */
export const MAX_CSV_RECORD_BYTES = 1_000_000;

/** JSON is parsed in one piece; CSV streams, so it has no such limit. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

const REQUIRED_COLUMNS = ['sku', 'title', 'category', 'regularPrice', 'stock'] as const;

export class CatalogueFileError extends Error {}

export type ProgressListener = (bytesRead: number, totalBytes: number) => void;

/** One row of a catalogue file as read: its record, or what is wrong with it. */
export type CatalogueEntry = { line: number; record: ProductRecord } | { line: number; problem: string };

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

/** Windows-1252's characters for the bytes 0x80–0x9F; the rest are Latin-1 (Node's own decoder treats it all as Latin-1). */
const WINDOWS_1252_HIGH =
  '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** Excel's "CSV (Comma delimited)" writes Windows-1252: one byte a character, so chunks decode on their own. */
export function decodeWindows1252(bytes: Buffer): string {
  return bytes
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

const windows1252 = () =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, decodeWindows1252(chunk));
    },
  });

async function* readCsv(
  file: string,
  size: number,
  utf8: boolean,
  onProgress?: ProgressListener,
): AsyncGenerator<CatalogueEntry> {
  // The parser tells of a skipped row through a callback: kept here and given out in turn.
  const skipped: CatalogueEntry[] = [];
  const problemLines = new Set<number>();
  const problem = (line: number, message: string): CatalogueEntry[] => {
    if (problemLines.has(line) && line > 0) return [];
    problemLines.add(line);
    return [{ line, problem: message }];
  };
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    max_record_size: MAX_CSV_RECORD_BYTES,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (error) skipped.push(...problem(Number(error.lines ?? 0), csvProblem(error)));
    },
  });
  const input = fs.createReadStream(file);
  let bytesRead = 0;
  input.on('data', (chunk) => {
    bytesRead += chunk.length;
    onProgress?.(bytesRead, size);
  });
  input.on('error', (error) => parser.destroy(error));
  if (utf8) input.pipe(parser);
  else input.pipe(windows1252()).pipe(parser);

  let columns: (keyof ProductRecord)[] | undefined;
  let previousEnd = 0;
  let previousEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number };
    }>) {
      yield* skipped.splice(0);
      // A record's first line: after the previous record and any blank lines between.
      const line = previousEnd + 1 + (info.empty_lines - previousEmpty);
      previousEnd = info.lines;
      previousEmpty = info.empty_lines;
      if (!columns) {
        columns = headerColumns(record);
        continue;
      }
      const decoded = decodeCsvRecord(columns, record);
      if (decoded.ok) yield { line, record: decoded.record };
      else yield* problem(line, decoded.error);
    }
    yield* skipped.splice(0);
  } catch (error) {
    if (error instanceof CatalogueFileError) throw error;
    yield* skipped.splice(0);
    if (error instanceof CsvError) yield* problem(Number(error.lines ?? 0), csvProblem(error));
    else throw new CatalogueFileError(`Cannot read ${file}: ${(error as Error).message}`);
  } finally {
    input.destroy();
  }
  if (!columns) throw new CatalogueFileError(`${file} is empty: its first line must name the columns.`);
}

function headerColumns(header: string[]): (keyof ProductRecord)[] {
  const known = new Map(RECORD_FIELDS.map((field) => [field.toLowerCase(), field]));
  const columns = header.map((name) => known.get(name.trim().toLowerCase()));
  const unknown = header.filter((_name, index) => !columns[index]);
  if (unknown.length) {
    throw new CatalogueFileError(
      `Line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}. The columns are: ${RECORD_FIELDS.join(', ')}.`,
    );
  }
  const named = columns as (keyof ProductRecord)[];
  const repeated = named.filter((column, index) => named.indexOf(column) !== index);
  if (repeated.length) throw new CatalogueFileError(`Line 1: the column '${repeated[0]}' appears twice.`);
  const missing = REQUIRED_COLUMNS.filter((column) => !named.includes(column));
  if (missing.length) {
    throw new CatalogueFileError(
      `Line 1: the column${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. The columns are: ${RECORD_FIELDS.join(', ')}.`,
    );
  }
  return named;
}

const PRICE = /^\d+(\.\d+)?$/;
const WHOLE = /^-?\d+$/;
const BOOLEANS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };

/** Turns a CSV row's texts into a record's values; anything unreadable is left for the schema to name. */
function decodeCsvRecord(
  columns: (keyof ProductRecord)[],
  cells: string[],
): { ok: true; record: ProductRecord } | { ok: false; error: string } {
  const raw: Record<string, unknown> = {};
  const cellProblems: string[] = [];
  for (const [index, column] of columns.entries()) {
    const cell = (cells[index] ?? '').trim();
    if (column === 'regularPrice' || column === 'discountedPrice' || column === 'mrp') {
      // Accept what a spreadsheet shows: ₹1,49,999.00.
      const plain = cell.replace(/[₹,\s]/g, '');
      raw[column] = plain === '' ? undefined : PRICE.test(plain) ? Number(plain) : cell;
    } else if (column === 'gstRate') {
      // '18' or '18%', as a spreadsheet shows a rate.
      const plain = cell.replace(/[%\s]/g, '');
      raw[column] = plain === '' ? undefined : PRICE.test(plain) ? Number(plain) : cell;
    } else if (column === 'stock') {
      raw[column] = cell === '' ? undefined : WHOLE.test(cell) ? Number(cell) : cell;
    } else if (column === 'hidden') {
      raw[column] = cell === '' ? undefined : (BOOLEANS[cell.toLowerCase()] ?? cell);
    } else if (column === 'images' || column === 'attributes') {
      const parsed = column === 'images' ? parseImagesCell(cell) : parseAttributesCell(cell);
      if (parsed.ok) raw[column] = parsed.value;
      else cellProblems.push(parsed.error);
    } else {
      raw[column] = cell;
    }
  }
  const checked = ProductRecord.safeParse(raw);
  const messages = [...cellProblems, ...(checked.success ? [] : [describeIssues(checked.error)])];
  if (messages.length || !checked.success) return { ok: false, error: messages.join(' ') };
  return { ok: true, record: checked.data };
}

function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return 'this row has a different number of values than the header has columns (a value with a comma in it must be in double quotes).';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a double quote is out of place: put the whole value in double quotes and write a quote inside it as two ("").';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a value opened with a double quote is never closed.';
    case 'CSV_MAX_RECORD_SIZE':
      return `this row is over ${MAX_CSV_RECORD_BYTES / 1_000_000} MB (a quote never closed, or a value far too long); the file was not read past it.`;
    default:
      return error.message;
  }
}

function* readJson(file: string): Generator<CatalogueEntry> {
  const bytes = fs.readFileSync(file);
  if (!isUtf8Buffer(bytes)) {
    throw new CatalogueFileError(`${file} is not UTF-8, which JSON must be: save it as UTF-8 and import it again.`);
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CatalogueFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) {
    throw new CatalogueFileError(`${file}: a JSON catalogue is a list of products: [ { "sku": … }, … ].`);
  }
  const lines = arrayElementLines(text);
  for (const [index, item] of data.entries()) {
    const line = lines[index] ?? 0;
    const checked = ProductRecord.safeParse(item);
    if (checked.success) yield { line, record: checked.data };
    else yield { line, problem: `product ${index + 1}: ${describeIssues(checked.error)}` };
  }
}

/** The line on which each element of a top-level JSON array starts (the text is known to be valid JSON). */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') line += 1;
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r' || char === '\n') continue;
    if (depth === 1 && expectElement && char !== ']') {
      lines.push(line);
      expectElement = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth === 1) expectElement = true;
    } else if (char === ']' || char === '}') depth -= 1;
    else if (char === ',' && depth === 1) expectElement = true;
  }
  return lines;
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
