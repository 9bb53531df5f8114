import type { ProductImage, ProductOption, ProductVariant } from '@netkart/contract';
import type { Database, ProductRow, ProductVariantRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { toPaise, toRupees } from '../../shared/money.js';

/*
 * A product's options and variants. A product without options has no variant rows: it is its own
 * one variant. A product with options keeps its stock as the sum of its variants' and its prices
 * as its cheapest variant's, written with every change of a variant, so listings, their filters
 * and sorts read the product as before.
 */

/** A variant as the back office or an import writes it (prices in rupees, as on the wire). */
export interface VariantInput {
  sku: string;
  /** Its value of each of the product's options, in the product's option order. */
  values: string[];
  regularPrice: number;
  discountedPrice: number | null;
  mrp: number | null;
  stock: number;
  images: ProductImage[];
  weightGrams?: number | null;
  lengthCm?: number | null;
  breadthCm?: number | null;
  heightCm?: number | null;
}

export const optionsOf = (row: Pick<ProductRow, 'options_json'>): ProductOption[] =>
  JSON.parse(row.options_json || '[]') as ProductOption[];

/** The variants' values, in option order (one to three). */
export const valuesOf = (variant: Pick<ProductVariantRow, 'option1' | 'option2' | 'option3'>): string[] =>
  [variant.option1, variant.option2, variant.option3].filter((value): value is string => value !== null);

/** How a variant is named to a shopper: "Travel Case (Olive, 2 m)". */
export const variantName = (title: string, variant: Pick<ProductVariantRow, 'option1' | 'option2' | 'option3'>) =>
  `${title} (${valuesOf(variant).join(', ')})`;

/** The variants of these products, each product's in its order, in the caller's transaction or not. */
export async function variantsOf(db: Database, storeId: string, productIds: string[]): Promise<ProductVariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_variants')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

/** The product's options and variants on the wire; a product without options is its one variant. */
export function toWireVariants(
  product: ProductRow,
  variants: ProductVariantRow[],
): { options: ProductOption[]; variants: ProductVariant[] } {
  const options = optionsOf(product);
  if (variants.length === 0) {
    return {
      options: [],
      variants: [
        wireVariant(
          { ...product, option1: null, option2: null, option3: null, images_json: product.images_json },
          options,
        ),
      ],
    };
  }
  return { options, variants: variants.map((variant) => wireVariant(variant, options)) };
}

function wireVariant(
  variant: Pick<
    ProductVariantRow,
    'sku' | 'option1' | 'option2' | 'option3' | 'regular_price' | 'discounted_price' | 'mrp' | 'stock' | 'images_json'
  >,
  options: ProductOption[],
): ProductVariant {
  const values = valuesOf(variant);
  const regular = Number(variant.regular_price);
  const discounted = variant.discounted_price === null ? null : Number(variant.discounted_price);
  return {
    sku: variant.sku,
    options: Object.fromEntries(options.map((option, index) => [option.name, values[index] ?? ''])),
    price: toRupees(discounted ?? regular),
    regularPrice: toRupees(regular),
    discountedPrice: discounted === null ? null : toRupees(discounted),
    mrp: variant.mrp === null ? null : toRupees(Number(variant.mrp)),
    stock: Number(variant.stock),
    images: JSON.parse(variant.images_json || '[]') as ProductImage[],
  };
}

/** Why a set of options and variants cannot be written, naming the field; undefined when it can. */
export function variantProblem(options: ProductOption[], variants: VariantInput[]): string | undefined {
  if (options.length > 3) return 'options: a product has at most 3 options.';
  const names = new Set<string>();
  for (const option of options) {
    if (!option.name.trim()) return 'options: each option needs a name.';
    if (names.has(option.name.toLowerCase())) return `options: the option ${option.name} is given twice.`;
    names.add(option.name.toLowerCase());
  }
  if (options.length === 0) return variants.length ? 'variants: a product without options has no variants.' : undefined;
  if (variants.length === 0) return 'variants: a product with options needs at least one variant.';
  const seenValues = new Map<string, string>();
  const seenSkus = new Set<string>();
  for (const variant of variants) {
    if (seenSkus.has(variant.sku.toLowerCase())) return `variants: the SKU ${variant.sku} is given twice.`;
    seenSkus.add(variant.sku.toLowerCase());
    for (const [index, option] of options.entries()) {
      if (!variant.values[index]?.trim()) return `variants: ${variant.sku} has no value for ${option.name}.`;
    }
    if (variant.values.length > options.length)
      return `variants: ${variant.sku} has more values than the product has options.`;
    const key = JSON.stringify(variant.values.map((value) => value.toLowerCase()));
    const same = seenValues.get(key);
    if (same) return `variants: ${same} and ${variant.sku} have the same options (${variant.values.join(', ')}).`;
    seenValues.set(key, variant.sku);
    if (variant.discountedPrice !== null && variant.discountedPrice > variant.regularPrice)
      return `variants: ${variant.sku}'s discountedPrice cannot be more than its regularPrice.`;
  }
  return undefined;
}

/** The SKUs among these that the store already gives another product or another product's variant. */
export async function skusTakenElsewhere(
  db: Database,
  storeId: string,
  skus: string[],
  productId: string | undefined,
): Promise<string[]> {
  if (skus.length === 0) return [];
  const lower = skus.map((sku) => sku.toLowerCase());
  const products = await db
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), 'in', lower))
    .execute();
  const variants = await db
    .selectFrom('product_variants')
    .select(['product_id', 'sku'])
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), 'in', lower))
    .execute();
  return [
    ...products.filter((row) => row.id !== productId).map((row) => row.sku),
    ...variants.filter((row) => row.product_id !== productId).map((row) => row.sku),
  ];
}

/**
 * Replaces a product's options and variants in the caller's transaction, and writes the product's
 * stock (their sum) and prices (the cheapest's) with them. No options: the variants go, and the
 * product keeps its own stock and prices. Throws a 400 or 409 naming the field.
 */
export async function replaceVariants(
  trx: Database,
  storeId: string,
  productId: string,
  options: ProductOption[],
  variants: VariantInput[],
): Promise<void> {
  const problem = variantProblem(options, variants);
  if (problem) throw new HttpError(400, problem, {}, problem.split(':')[0]);
  // A variant may carry its own product's SKU (an older catalogue's one product made its first variant).
  const taken = await skusTakenElsewhere(
    trx,
    storeId,
    variants.map((variant) => variant.sku),
    productId,
  );
  if (taken.length) throw new HttpError(409, `Another product has the SKU ${taken[0]}.`, {}, 'variants');
  await trx.deleteFrom('product_variants').where('product_id', '=', productId).execute();
  const cleanOptions = options.map((option) => ({
    name: option.name.trim(),
    values: option.values.map((value) => value.trim()).filter((value) => value !== ''),
  }));
  if (variants.length) {
    await trx
      .insertInto('product_variants')
      .values(
        variants.map((variant, position) => ({
          id: newId(),
          store_id: storeId,
          product_id: productId,
          sku: variant.sku,
          option1: variant.values[0]?.trim() ?? null,
          option2: variant.values[1]?.trim() ?? null,
          option3: variant.values[2]?.trim() ?? null,
          regular_price: toPaise(variant.regularPrice),
          discounted_price: variant.discountedPrice === null ? null : toPaise(variant.discountedPrice),
          mrp: variant.mrp === null ? null : toPaise(variant.mrp),
          stock: variant.stock,
          images_json: JSON.stringify(variant.images),
          weight_grams: variant.weightGrams ?? null,
          length_cm: variant.lengthCm ?? null,
          breadth_cm: variant.breadthCm ?? null,
          height_cm: variant.heightCm ?? null,
          position,
        })),
      )
      .execute();
    // Each option lists the values its variants use, in their first order, besides those given.
    for (const [index, option] of cleanOptions.entries()) {
      for (const variant of variants) {
        const value = variant.values[index]?.trim();
        if (value && !option.values.some((known) => known.toLowerCase() === value.toLowerCase()))
          option.values.push(value);
      }
    }
  }
  await trx
    .updateTable('products')
    .set({ options_json: JSON.stringify(cleanOptions), ...(variants.length ? summaryOf(variants) : {}) })
    .where('id', '=', productId)
    .execute();
}

/** The product's columns its variants decide: the sum of their stock, the cheapest's prices. */
function summaryOf(variants: VariantInput[]) {
  const paid = (variant: VariantInput) => variant.discountedPrice ?? variant.regularPrice;
  const cheapest = variants.reduce((best, variant) => (paid(variant) < paid(best) ? variant : best));
  const regular = toPaise(cheapest.regularPrice);
  const discounted = cheapest.discountedPrice === null ? null : toPaise(cheapest.discountedPrice);
  return {
    stock: variants.reduce((sum, variant) => sum + variant.stock, 0),
    regular_price: regular,
    discounted_price: discounted,
    mrp: cheapest.mrp === null ? null : toPaise(cheapest.mrp),
    effective_price: discounted ?? regular,
    discount_bp: discounted === null || regular <= 0 ? 0 : Math.floor(((regular - discounted) * 10000) / regular),
    updated_at: nowIso(),
  };
}

/** A stored variant as an input again (the export, and a back-office form's starting point). */
export function variantInputOf(row: ProductVariantRow): VariantInput {
  return {
    sku: row.sku,
    values: valuesOf(row),
    regularPrice: toRupees(Number(row.regular_price)),
    discountedPrice: row.discounted_price === null ? null : toRupees(Number(row.discounted_price)),
    mrp: row.mrp === null ? null : toRupees(Number(row.mrp)),
    stock: Number(row.stock),
    images: JSON.parse(row.images_json || '[]') as ProductImage[],
    weightGrams: row.weight_grams === null ? null : Number(row.weight_grams),
    lengthCm: row.length_cm === null ? null : Number(row.length_cm),
    breadthCm: row.breadth_cm === null ? null : Number(row.breadth_cm),
    heightCm: row.height_cm === null ? null : Number(row.height_cm),
  };
}

/**
 * Writes again, for every product of the store with variants, the stock and prices its variants
 * decide, where a write of the product's own row (an import of an older file) set others.
 */
export async function keepProductsToTheirVariants(
  trx: Database,
  storeId: string,
  productIds?: string[],
): Promise<void> {
  if (productIds?.length === 0) return;
  let query = trx.selectFrom('product_variants').selectAll().where('store_id', '=', storeId);
  if (productIds) query = query.where('product_id', 'in', productIds);
  const rows = await query.execute();
  const byProduct = new Map<string, VariantInput[]>();
  for (const row of rows)
    byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), variantInputOf(row)]);
  if (byProduct.size === 0) return;
  const products = await trx
    .selectFrom('products')
    .select(['id', 'stock', 'regular_price', 'discounted_price', 'mrp'])
    .where('id', 'in', [...byProduct.keys()])
    .execute();
  for (const product of products) {
    const summary = summaryOf(byProduct.get(product.id) ?? []);
    if (
      Number(product.stock) === summary.stock &&
      Number(product.regular_price) === summary.regular_price &&
      (product.discounted_price === null ? null : Number(product.discounted_price)) === summary.discounted_price &&
      (product.mrp === null ? null : Number(product.mrp)) === summary.mrp
    )
      continue;
    await trx.updateTable('products').set(summary).where('id', '=', product.id).execute();
  }
}

/** Which of these products have variants that differ in price (what a shopper pays): their price is "from". */
export async function pricesVaryAmong(db: Database, storeId: string, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_variants')
    .select(['product_id', 'regular_price', 'discounted_price'])
    .where('store_id', '=', storeId)
    .where('product_id', 'in', productIds)
    .execute();
  const prices = new Map<string, Set<number>>();
  for (const row of rows) {
    const paid = Number(row.discounted_price ?? row.regular_price);
    prices.set(row.product_id, (prices.get(row.product_id) ?? new Set()).add(paid));
  }
  return new Set([...prices].filter(([, each]) => each.size > 1).map(([id]) => id));
}
