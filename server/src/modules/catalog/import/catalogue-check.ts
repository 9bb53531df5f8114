import type { CatalogueEntry, CatalogueProblem } from './catalogue-entry.js';
import { BisCheck, CategoryTally, PictureCheck, TaxTally } from './import-checks.js';
import { isVariantRecord, type VariantGroup, VariantRows } from './variant-rows.js';

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
  /** The variant rows, checked once the file is read (their product's row may come after them). */
  private readonly variantRows = new VariantRows();

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
    if (isVariantRecord(record)) {
      // A variant's row: its own pictures are looked for; the product's row carries the rest.
      const problems = this.pictures?.problems(line, record) ?? [];
      for (const problem of problems) this.refuse(problem);
      if (problems.length === 0) this.variantRows.addVariant(line, record);
      return;
    }
    this.variantRows.addProduct(line, record.sku);
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
    return [...this.found, ...this.variantRows.problems()].sort((a, b) => a.line - b.line);
  }

  /** The good variant rows, by product. */
  variants(): VariantGroup[] {
    return this.variantRows.groups();
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
