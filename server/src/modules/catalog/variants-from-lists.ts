import {
  combinationsOf,
  optionsFromLists,
  type ProductAttribute,
  variantSkuFrom,
  variantsFromLists,
} from '@netkart/contract';
import type { Database, ProductRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { toRupees } from '../../shared/money.js';
import { optionsOf, replaceVariants, type VariantInput, valuesOf, variantInputOf } from './variants.js';

/*
 * A product's size and colour lists (its attributes Size and Colour) made its options and
 * variants, as the 2027-02-02 migration did for the products before it: a product with lists never
 * sells from one stock. The migration keeps its own copy (migrations are frozen); the reading of the
 * lists, the combinations, the SKUs and the stock's split are contract's `variantsFromLists`, which
 * the back office's form shows before saving.
 */

type Attributes = Omit<ProductAttribute, 'id'>[];

const attributesOf = (row: Pick<ProductRow, 'attributes_json'>): Attributes => {
  try {
    const parsed = JSON.parse(row.attributes_json || '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Attributes) : [];
  } catch {
    return [];
  }
};

/** True when these attributes hold a size or colour list (a product saved with them gets variants). */
export const hasLists = (attributes: Attributes): boolean => optionsFromLists(attributes).length > 0;

/** The same of a product's stored row; most rows name neither, and are not parsed. */
export const rowHasLists = (row: Pick<ProductRow, 'attributes_json'>): boolean =>
  /siz|colo/i.test(row.attributes_json) && hasLists(attributesOf(row));

/**
 * Gives each of these products that has size/colour lists and no variants its options and variants
 * (a variant per combination, the product's prices, its stock split evenly), in the caller's
 * transaction. A product with variants is never split again. Returns the ids of those that got them.
 */
export async function makeVariantsFromLists(trx: Database, storeId: string, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const made: string[] = [];
  for (let start = 0; start < productIds.length; start += 500) {
    const ids = productIds.slice(start, start + 500);
    const products = await trx
      .selectFrom('products')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', 'in', ids)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('product_variants').select('id').whereRef('product_variants.product_id', '=', 'products.id'),
          ),
        ),
      )
      .execute();
    for (const product of products) {
      const lists = variantsFromLists({
        sku: product.sku,
        stock: Number(product.stock),
        attributes: attributesOf(product),
      });
      if (lists.variants.length === 0) continue;
      const taken = await skusStartingWith(trx, storeId, product.sku);
      const variants: VariantInput[] = lists.variants.map((variant) => ({
        ...pricesOf(product),
        sku: freeSku(taken, variant.sku),
        values: variant.values,
        stock: variant.stock,
        images: [],
      }));
      await replaceVariants(trx, storeId, product.id, lists.options, variants);
      made.push(product.id);
    }
  }
  return made;
}

/**
 * A save of a product with variants whose options are its lists' (Size and/or Colour, as made
 * from them) and whose lists changed: a value added adds its variants (stock 0, the product's
 * prices), a value removed removes its variants when none of them has stock and is refused (409)
 * while one has. Options of another making (Length, or a Colour beside a Material) are the
 * variants table's alone: the lists then only describe the product.
 */
export async function followLists(trx: Database, storeId: string, productId: string): Promise<void> {
  const product = await trx
    .selectFrom('products')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('id', '=', productId)
    .executeTakeFirst();
  if (!product) return;
  const options = optionsOf(product);
  const wanted = optionsFromLists(attributesOf(product));
  const names = (list: { name: string }[]) => list.map((option) => option.name.toLowerCase()).join('|');
  if (options.length === 0 || names(options) !== names(wanted)) return;
  const variants = await trx
    .selectFrom('product_variants')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  const keyOf = (values: string[]) => JSON.stringify(values.map((value) => value.toLowerCase()));
  const combinations = combinationsOf(wanted);
  const wantedKeys = new Set(combinations.map(keyOf));
  const haveKeys = new Set(variants.map((variant) => keyOf(valuesOf(variant))));
  const gone = variants.filter((variant) => !wantedKeys.has(keyOf(valuesOf(variant))));
  const added = combinations.filter((values) => !haveKeys.has(keyOf(values)));
  if (gone.length === 0 && added.length === 0) return;
  const stocked = gone.find((variant) => Number(variant.stock) > 0);
  if (stocked) {
    const message = `${stocked.sku} still has ${stocked.stock} in stock: set its stock to 0 before taking ${valuesOf(stocked).join(', ')} off the lists.`;
    throw new HttpError(409, message, {}, 'attributes');
  }
  // The variants kept as they are, in their order, then a variant for each value added (stock 0, the product's prices).
  const taken = await skusStartingWith(trx, storeId, product.sku);
  for (const variant of gone) taken.delete(variant.sku.toLowerCase());
  const kept = variants.filter((variant) => wantedKeys.has(keyOf(valuesOf(variant)))).map(variantInputOf);
  const made: VariantInput[] = added.map((values) => ({
    ...pricesOf(product),
    sku: freeSku(taken, variantSkuFrom(product.sku, values)),
    values,
    stock: 0,
    images: [],
  }));
  await replaceVariants(trx, storeId, productId, wanted, [...kept, ...made]);
}

function pricesOf(product: ProductRow): Pick<VariantInput, 'regularPrice' | 'discountedPrice' | 'mrp'> {
  return {
    regularPrice: toRupees(Number(product.regular_price)),
    discountedPrice: product.discounted_price === null ? null : toRupees(Number(product.discounted_price)),
    mrp: product.mrp === null ? null : toRupees(Number(product.mrp)),
  };
}

/** The store's product and variant SKUs (lower-cased) that begin as this product's, which a made SKU might meet. */
async function skusStartingWith(trx: Database, storeId: string, sku: string): Promise<Set<string>> {
  const prefix = `${sku.toLowerCase()}%`;
  const products = await trx
    .selectFrom('products')
    .select('sku')
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), 'like', prefix))
    .execute();
  const variants = await trx
    .selectFrom('product_variants')
    .select('sku')
    .where('store_id', '=', storeId)
    .where((eb) => eb(eb.fn('lower', ['sku']), 'like', prefix))
    .execute();
  return new Set([...products, ...variants].map((row) => row.sku.toLowerCase()));
}

/** The SKU, or with -2, -3 … when the store has it (as the migration made them unique). */
function freeSku(taken: Set<string>, base: string): string {
  let sku = base;
  for (let n = 2; taken.has(sku.toLowerCase()); n += 1) sku = `${base}-${n}`;
  taken.add(sku.toLowerCase());
  return sku;
}
