import fs from 'node:fs';
import path from 'node:path';
import type { CatalogueProblem, ReadCatalogue } from './catalogue-entry.js';
import type { ProductRecord } from './product-record.js';

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
export function categoryWarnings(read: Pick<ReadCatalogue, 'records'>, known: readonly string[]): CatalogueProblem[] {
  const tally = new CategoryTally();
  for (const { line, record } of read.records) tally.add(line, record);
  return tally.warnings(known);
}

/** Each category a file names, with the first line that names it: what categoryWarnings needs, a row at a time. */
export class CategoryTally {
  private readonly firstLine = new Map<string, number>();

  add(line: number, record: Pick<ProductRecord, 'category'>): void {
    if (!this.firstLine.has(record.category)) this.firstLine.set(record.category, line);
  }

  warnings(known: readonly string[]): CatalogueProblem[] {
    const knownByKey = new Map(known.map((name) => [normalised(name), name]));
    const warnings: CatalogueProblem[] = [];
    for (const [category, line] of this.firstLine) {
      if (known.includes(category)) continue;
      const key = normalised(category);
      const sameButSpelled = knownByKey.get(key);
      const near = sameButSpelled ?? [...knownByKey].find(([other]) => oneEditApart(key, other))?.[1];
      warnings.push({
        line,
        message: near
          ? `the category '${category}' is not '${near}', which the store has: a typo? (${sameButSpelled ? 'it differs only by case or spacing' : 'one letter differs'})`
          : `the category '${category}' is new to the store.`,
      });
    }
    return warnings;
  }
}

/** Pictures on this server (`/media/…`) that are in none of the picture folders: refused with their row. */
export function missingPictures(
  read: Pick<ReadCatalogue, 'records'>,
  mediaDirs: readonly string[],
): CatalogueProblem[] {
  const pictures = new PictureCheck(mediaDirs);
  return read.records.flatMap(({ line, record }) => pictures.problems(line, record));
}

/** Looks for a record's /media/ pictures in the picture folders, remembering the answers (a catalogue reuses pictures). */
export class PictureCheck {
  private readonly found = new Map<string, boolean>();

  constructor(private readonly mediaDirs: readonly string[]) {}

  problems(line: number, record: Pick<ProductRecord, 'images'>): CatalogueProblem[] {
    const problems: CatalogueProblem[] = [];
    for (const image of record.images) {
      if (!image.url.startsWith('/media/')) continue;
      if (!this.isThere(image.url)) {
        problems.push({
          line,
          message: `the picture ${image.url} is not in the picture folder (MEDIA_DIR): copy the file there first, or give an https:// address.`,
        });
      }
    }
    return problems;
  }

  private isThere(url: string): boolean {
    const known = this.found.get(url);
    if (known !== undefined) return known;
    const relative = decodeURIComponent(url.slice('/media/'.length).split(/[?#]/)[0] ?? '');
    const found = this.mediaDirs.some((dir) => {
      const file = path.resolve(dir, relative);
      return file.startsWith(path.resolve(dir) + path.sep) && fs.existsSync(file);
    });
    // A million rows with pictures of their own must not keep a million answers.
    if (this.found.size >= 10_000) this.found.clear();
    this.found.set(url, found);
    return found;
  }
}

/**
 * A store registered for GST invoices each line with its HSN code and rate: products without
 * them still import (an older catalogue has none), and the merchant hears which they are.
 */
export function taxWarnings(read: Pick<ReadCatalogue, 'records'>, gstin: string | null): CatalogueProblem[] {
  const tally = new TaxTally();
  for (const { line, record } of read.records) tally.add(line, record);
  return tally.warnings(gstin);
}

/** The products without an HSN code or GST rate: how many, the first line, and the first few SKUs. */
export class TaxTally {
  private lacking = 0;
  private firstLine = 0;
  private readonly named: string[] = [];

  add(line: number, record: Pick<ProductRecord, 'sku' | 'hsn' | 'gstRate'>): void {
    if (record.hsn !== null && record.gstRate !== null) return;
    if (this.lacking === 0) this.firstLine = line;
    this.lacking += 1;
    if (this.named.length < 5) this.named.push(record.sku);
  }

  warnings(gstin: string | null): CatalogueProblem[] {
    if (!gstin || this.lacking === 0) return [];
    const more = this.lacking > this.named.length ? ` and ${this.lacking - this.named.length} more` : '';
    return [
      {
        line: this.firstLine,
        message: `${this.lacking} ${this.lacking === 1 ? 'product has' : 'products have'} no hsn or gstRate (${this.named.join(', ')}${more}): the store has a GSTIN, and its tax invoices need both.`,
      },
    ];
  }
}

/**
 * Goods of the categories the merchant marks as BIS-notified (chargers, power banks, adaptors …)
 * may be sold only with their BIS registration: a row of such a category without its R-number is
 * refused, naming the category.
 */
export class BisCheck {
  private readonly notified: Set<string>;

  constructor(bisCategories: readonly string[]) {
    this.notified = new Set(bisCategories.map(normalised));
  }

  problems(line: number, record: Pick<ProductRecord, 'category' | 'bisRegistration'>): CatalogueProblem[] {
    if (record.bisRegistration !== null || !this.notified.has(normalised(record.category))) return [];
    return [
      {
        line,
        message: `bisRegistration is required: the category '${record.category}' is BIS-notified, so its products are sold only with their BIS R-number ('R-' followed by 8 digits, like R-41001234).`,
      },
    ];
  }
}

/** Rows of BIS-notified categories without their R-number: refused with their row (see BisCheck). */
export function missingBisRegistrations(
  read: Pick<ReadCatalogue, 'records'>,
  bisCategories: readonly string[],
): CatalogueProblem[] {
  const check = new BisCheck(bisCategories);
  return read.records.flatMap(({ line, record }) => check.problems(line, record));
}
