import type { CatalogueEntry, CatalogueProblem } from './catalogue-entry.js';
import { BisCheck, CategoryTally, PictureCheck, TaxTally } from './import-checks.js';

/**
 * The first pass over a catalogue file: every row checked, a row at a time, and nothing of the
 * good rows kept but what the checks need (each SKU once, to find the repeated ones; each category
 * once). So a file of a million rows is refused or passed with every problem and its line, in the
 * memory of its SKUs, before anything is written.
 */
export class CatalogueCheck {
  /** How many rows are good: read, checked, not repeated, with their pictures in place. */
  good = 0;
  private readonly found: CatalogueProblem[] = [];
  private readonly badLines = new Set<number>();
  // SKUs are one whatever their case: NK-1 and nk-1 are the same product.
  private readonly lineOfSku = new Map<string, number>();
  private readonly pictures: PictureCheck | undefined;
  private readonly categories = new CategoryTally();
  private readonly tax = new TaxTally();

  private readonly bis: BisCheck;

  /**
   * `mediaDirs`: the picture folders a `/media/` picture must be in; not given, pictures are not looked for.
   * `bisCategories`: the categories whose products need a BIS R-number.
   */
  constructor(mediaDirs?: readonly string[], bisCategories: readonly string[] = []) {
    this.pictures = mediaDirs ? new PictureCheck(mediaDirs) : undefined;
    this.bis = new BisCheck(bisCategories);
  }

  add(entry: CatalogueEntry): void {
    if ('problem' in entry) {
      this.refuse({ line: entry.line, message: entry.problem });
      return;
    }
    const { line, record } = entry;
    const key = record.sku.toLowerCase();
    const seen = this.lineOfSku.get(key);
    if (seen !== undefined) {
      this.refuse({ line, message: `the SKU ${record.sku} is already on line ${seen}.` });
      return;
    }
    this.lineOfSku.set(key, line);
    const pictureProblems = [...(this.pictures?.problems(line, record) ?? []), ...this.bis.problems(line, record)];
    if (pictureProblems.length) {
      for (const problem of pictureProblems) this.refuse(problem);
      return;
    }
    this.good += 1;
    this.categories.add(line, record);
    this.tax.add(line, record);
  }

  /** Whether the row on `line` passed (the second pass writes only these). */
  passed(line: number): boolean {
    return !this.badLines.has(line);
  }

  /** Every problem, in the order of the file. */
  problems(): CatalogueProblem[] {
    return [...this.found].sort((a, b) => a.line - b.line);
  }

  /** What the merchant should hear of the good rows: new or misspelt categories, products without tax details. */
  warnings(knownCategories: readonly string[], gstin: string | null): CatalogueProblem[] {
    return [...this.categories.warnings(knownCategories), ...this.tax.warnings(gstin)];
  }

  private refuse(problem: CatalogueProblem): void {
    this.found.push(problem);
    this.badLines.add(problem.line);
  }
}
