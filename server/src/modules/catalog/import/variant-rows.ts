import { OPTION_FIELDS, type ProductOption } from '@netkart/contract';
import type { ProductRow, ProductVariantRow } from '../../../db/schema.js';
import { type VariantInput, valuesOf, variantInputOf } from '../variants.js';
import type { CatalogueProblem } from './catalogue-entry.js';
import type { ProductRecord } from './product-record.js';

/**
 * A catalogue file's variant rows, the way Shopify's files hold them: each names its product's row
 * by `parentSku` and carries its option1Name/option1Value … option3Value, its own SKU, prices,
 * stock, pictures and parcel. The product's row (a row of its own, without parentSku) holds the
 * rest. Read whole before anything is written: a product's variants are written together.
 */

/** One product's variants as a file gives them, each with its line. */
export interface VariantGroup {
  parentSku: string;
  options: ProductOption[];
  variants: (VariantInput & { line: number })[];
}

export const isVariantRecord = (record: ProductRecord): boolean => Boolean(record.parentSku);

export class VariantRows {
  private readonly productLines = new Map<string, number>();
  private readonly rows: { line: number; record: ProductRecord }[] = [];

  /** A product's own row: a parentSku may name it. */
  addProduct(line: number, sku: string): void {
    this.productLines.set(sku.toLowerCase(), line);
  }

  addVariant(line: number, record: ProductRecord): void {
    this.rows.push({ line, record });
  }

  get size(): number {
    return this.rows.length;
  }

  /** Every variant row's problem, with its line: a missing option value, options repeated, a parent not in the file. */
  problems(): CatalogueProblem[] {
    return this.check().problems;
  }

  /** The good products' variants, in the file's order. */
  groups(): VariantGroup[] {
    return this.check().groups;
  }

  private check(): { problems: CatalogueProblem[]; groups: VariantGroup[] } {
    const problems: CatalogueProblem[] = [];
    const byParent = new Map<string, { line: number; record: ProductRecord; names: string[]; values: string[] }[]>();
    for (const { line, record } of this.rows) {
      const parent = record.parentSku ?? '';
      if (!this.productLines.has(parent.toLowerCase())) {
        problems.push({ line, message: `parentSku ${parent} is not a product's row in this file.` });
        continue;
      }
      const names: string[] = [];
      const values: string[] = [];
      let missing: string | undefined;
      for (const [nameField, valueField] of OPTION_FIELDS) {
        const name = record[nameField]?.trim() ?? '';
        const value = record[valueField]?.trim() ?? '';
        if (!name && !value) continue;
        if (!name) missing ??= `${nameField} is missing (${valueField} is ${value}).`;
        else if (!value) missing ??= `${valueField} is missing: the variant's value of ${name}.`;
        names.push(name);
        values.push(value);
      }
      if (names.length === 0) missing ??= 'a variant row needs option1Name and option1Value.';
      if (missing) {
        problems.push({ line, message: missing });
        continue;
      }
      const group = byParent.get(parent.toLowerCase()) ?? [];
      group.push({ line, record, names, values });
      byParent.set(parent.toLowerCase(), group);
    }
    const groups: VariantGroup[] = [];
    for (const rows of byParent.values()) {
      const first = rows[0];
      if (!first) continue;
      const firstNames = first.names.map((name) => name.toLowerCase());
      const seen = new Map<string, number>();
      let bad = false;
      for (const row of rows) {
        if (JSON.stringify(row.names.map((name) => name.toLowerCase())) !== JSON.stringify(firstNames)) {
          problems.push({
            line: row.line,
            message: `its options (${row.names.join(', ')}) are not those of line ${first.line} (${first.names.join(', ')}), a variant of the same product.`,
          });
          bad = true;
          continue;
        }
        const key = JSON.stringify(row.values.map((value) => value.toLowerCase()));
        const same = seen.get(key);
        if (same !== undefined) {
          problems.push({
            line: row.line,
            message: `it has the same options as line ${same} (${row.names.map((name, i) => `${name} ${row.values[i]}`).join(', ')}).`,
          });
          bad = true;
          continue;
        }
        seen.set(key, row.line);
      }
      if (bad) continue;
      const options: ProductOption[] = first.names.map((name, index) => ({
        name,
        values: [...new Set(rows.map((row) => row.values[index] ?? ''))],
      }));
      groups.push({
        parentSku: first.record.parentSku ?? '',
        options,
        variants: rows.map(({ line, record, values }) => ({
          line,
          sku: record.sku,
          values,
          regularPrice: record.regularPrice,
          discountedPrice: record.discountedPrice,
          mrp: record.mrp,
          stock: record.stock,
          images: record.images,
          weightGrams: record.weightGrams,
          lengthCm: record.lengthCm,
          breadthCm: record.breadthCm,
          heightCm: record.heightCm,
        })),
      });
    }
    problems.sort((a, b) => a.line - b.line);
    return { problems, groups };
  }
}

/**
 * A product's variants as rows of a catalogue file, after the product's own row: each names the
 * product's SKU as parentSku and repeats its title and category (read back, only the variant's
 * own fields count).
 */
export function variantRecordsOf(product: ProductRow, variants: ProductVariantRow[]): ProductRecord[] {
  const options = JSON.parse(product.options_json || '[]') as ProductOption[];
  return variants.map((row) => {
    const variant = variantInputOf(row);
    const values = valuesOf(row);
    const optionCells: Partial<ProductRecord> = {};
    for (const [index, [nameField, valueField]] of OPTION_FIELDS.entries()) {
      const name = options[index]?.name;
      if (!name) continue;
      optionCells[nameField] = name;
      optionCells[valueField] = values[index] ?? '';
    }
    return {
      sku: variant.sku,
      title: product.title,
      description: '',
      category: product.category,
      parentCategory: null,
      gender: null,
      regularPrice: variant.regularPrice,
      discountedPrice: variant.discountedPrice,
      stock: variant.stock,
      hidden: false,
      images: variant.images,
      attributes: [],
      hsn: null,
      gstRate: null,
      mrp: variant.mrp,
      countryOfOrigin: null,
      manufacturer: null,
      importer: null,
      netQuantity: null,
      bisRegistration: null,
      weightGrams: variant.weightGrams ?? null,
      lengthCm: variant.lengthCm ?? null,
      breadthCm: variant.breadthCm ?? null,
      heightCm: variant.heightCm ?? null,
      parentSku: product.sku,
      ...optionCells,
    };
  });
}
