import { isUtf8 as isUtf8Buffer } from 'node:buffer';
import fs from 'node:fs';
import { type CatalogueEntry, CatalogueFileError } from './catalogue-entry.js';
import { describeIssues, ProductRecord } from './product-record.js';

/** A JSON catalogue's products, each with the line it starts on; the file is parsed whole. */
export function* readJson(file: string): Generator<CatalogueEntry> {
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
