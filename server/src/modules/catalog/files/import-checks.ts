import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueProblem, ReadCatalogue } from './read-catalogue.js';

/** A name as a merchant means it: case and spacing do not make another category. */
const normalised = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** True when one edit (a letter added, dropped or changed) turns a into b. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Categories the file brings that the store does not have yet: each is said once, with the
 * existing category it probably means when it differs only by case, spacing or one letter.
 */
export function categoryWarnings(read: ReadCatalogue, known: readonly string[]): CatalogueProblem[] {
  const knownByKey = new Map(known.map((name) => [normalised(name), name]));
  const warnings: CatalogueProblem[] = [];
  const said = new Set<string>();
  for (const { line, record } of read.records) {
    const key = normalised(record.category);
    const exact = known.includes(record.category);
    if (exact || said.has(record.category)) continue;
    said.add(record.category);
    const sameButSpelled = knownByKey.get(key);
    const near = sameButSpelled ?? [...knownByKey].find(([other]) => oneEditApart(key, other))?.[1];
    warnings.push({
      line,
      message: near
        ? `the category '${record.category}' is not '${near}', which the store has: a typo? (${sameButSpelled ? 'it differs only by case or spacing' : 'one letter differs'})`
        : `the category '${record.category}' is new to the store.`,
    });
  }
  return warnings;
}

/** Pictures on this server (`/media/…`) that are in none of the picture folders: refused with their row. */
export function missingPictures(read: ReadCatalogue, mediaDirs: readonly string[]): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const { line, record } of read.records) {
    for (const image of record.images) {
      if (!image.url.startsWith('/media/')) continue;
      const relative = decodeURIComponent(image.url.slice('/media/'.length).split(/[?#]/)[0] ?? '');
      const found = mediaDirs.some((dir) => {
        const file = path.resolve(dir, relative);
        return file.startsWith(path.resolve(dir) + path.sep) && fs.existsSync(file);
      });
      if (!found) {
        problems.push({
          line,
          message: `the picture ${image.url} is not in the picture folder (MEDIA_DIR): copy the file there first, or give an https:// address.`,
        });
      }
    }
  }
  return problems;
}

/**
 * A store registered for GST invoices each line with its HSN code and rate: products without
 * them still import (an older catalogue has none), and the merchant hears which they are.
 */
export function taxWarnings(read: Pick<ReadCatalogue, 'records'>, gstin: string | null): CatalogueProblem[] {
  if (!gstin) return [];
  const lacking = read.records.filter(({ record }) => record.hsn === null || record.gstRate === null);
  const first = lacking[0];
  if (!first) return [];
  const named = lacking.slice(0, 5).map(({ record }) => record.sku);
  const more = lacking.length > named.length ? ` and ${lacking.length - named.length} more` : '';
  return [
    {
      line: first.line,
      message: `${lacking.length} ${lacking.length === 1 ? 'product has' : 'products have'} no hsn or gstRate (${named.join(', ')}${more}): the store has a GSTIN, and its tax invoices need both.`,
    },
  ];
}
