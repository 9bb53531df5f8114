import fs from 'node:fs';
import { Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { csvTextCellRead } from '../../../shared/csv-cell.js';
import { type CatalogueEntry, CatalogueFileError, type ProgressListener } from './catalogue-entry.js';
import { parseAttributesCell, parseImagesCell } from './csv-cells.js';
import { csvColumnName, describeIssues, ProductRecord, RECORD_FIELDS } from './product-record.js';

/** Stops a runaway cell (a 10 MB field, a quote never closed) long before it fills memory. */
export const MAX_CSV_RECORD_BYTES = 1_000_000;

const REQUIRED_COLUMNS = ['sku', 'title', 'category', 'regularPrice', 'stock'] as const;

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

/** A CSV catalogue's rows, streamed: in UTF-8 or, when it is not, in Windows-1252. */
export async function* readCsv(
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
  // A field by its CSV name (`title_hi`) or its own (`titleHi`), in any case.
  const known = new Map(
    RECORD_FIELDS.flatMap((field) => [
      [field.toLowerCase(), field],
      [csvColumnName(field).toLowerCase(), field],
    ]),
  );
  const columns = header.map((name) => known.get(name.trim().toLowerCase()));
  const unknown = header.filter((_name, index) => !columns[index]);
  if (unknown.length) {
    throw new CatalogueFileError(
      `Line 1: unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((name) => `'${name}'`).join(', ')}. The columns are: ${COLUMN_LIST}.`,
    );
  }
  const named = columns as (keyof ProductRecord)[];
  const repeated = named.filter((column, index) => named.indexOf(column) !== index);
  if (repeated.length) throw new CatalogueFileError(`Line 1: the column '${repeated[0]}' appears twice.`);
  const missing = REQUIRED_COLUMNS.filter((column) => !named.includes(column));
  if (missing.length) {
    throw new CatalogueFileError(
      `Line 1: the column${missing.length > 1 ? 's' : ''} ${missing.map((name) => `'${name}'`).join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing. The columns are: ${COLUMN_LIST}.`,
    );
  }
  return named;
}

/** The columns a CSV catalogue may have, as its header names them. */
const COLUMN_LIST = RECORD_FIELDS.map(csvColumnName).join(', ');

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
    // A text cell's guarding apostrophe (csv-cell.ts) is the exporter's, not the merchant's text.
    const cell = csvTextCellRead((cells[index] ?? '').trim());
    if (column === 'regularPrice' || column === 'discountedPrice' || column === 'mrp') {
      // Accept what a spreadsheet shows: ₹1,49,999.00.
      const plain = cell.replace(/[₹,\s]/g, '');
      raw[column] = plain === '' ? undefined : PRICE.test(plain) ? Number(plain) : cell;
    } else if (column === 'gstRate') {
      // '18' or '18%', as a spreadsheet shows a rate.
      const plain = cell.replace(/[%\s]/g, '');
      raw[column] = plain === '' ? undefined : PRICE.test(plain) ? Number(plain) : cell;
    } else if (column === 'weightGrams' || column === 'lengthCm' || column === 'breadthCm' || column === 'heightCm') {
      // '1,200' as a spreadsheet shows a weight.
      const plain = cell.replace(/[,\s]/g, '');
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
  // A variant's row may leave its product's title and category blank: its product's row has them.
  if (typeof raw.parentSku === 'string' && raw.parentSku !== '') {
    raw.title ||= raw.parentSku;
    raw.category ||= raw.parentSku;
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
