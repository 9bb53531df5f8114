import type { Database, ProductVariantRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { stockChanged } from '../stores/versions.js';
import { shownOnly } from './shown.js';
import { variantName, variantsOf } from './variants.js';

/** What an order reads of a product: its price, stock, the options it comes in and its tax. */
export interface ProductToOrder {
  id: string;
  sku: string;
  title: string;
  regular_price: number;
  discounted_price: number | null;
  stock: number;
  attributes_json: string;
  hsn: string | null;
  gst_rate: number | null;
  /** The packed weight (grams) and size (cm) the courier bills by; null: the store's default. */
  weight_grams: number | null;
  length_cm: number | null;
  breadth_cm: number | null;
  height_cm: number | null;
  options_json: string;
  /** Its variants, in order (none: the product is its own one variant). */
  variants: ProductVariantRow[];
}

/** How many of one product (of one of its variants, by SKU) an order takes or gives back. */
export interface StockLine {
  productId: string;
  quantity: number;
  variantSku?: string | null;
}

/** The answer when a variant has too few: a 409 naming it when it is sold out, else what is left. */
export const notEnoughOfVariant = (title: string, variant: ProductVariantRow) =>
  Number(variant.stock) > 0
    ? new HttpError(
        400,
        `Only ${variant.stock} left of ${variantName(title, variant)}. Please lower the quantity.`,
        {},
        'lines',
      )
    : new HttpError(409, `${variantName(title, variant)} is sold out.`, {}, 'lines');

export const notEnoughStock = (product: { title: string; stock: number }) =>
  product.stock > 0
    ? `Only ${product.stock} left of ${product.title}. Please lower the quantity.`
    : `${product.title} is out of stock.`;

/** The products on sale among these ids, as an order reads them, with their variants, in the caller's transaction. */
export async function productsToOrder(trx: Database, storeId: string, productIds: string[]): Promise<ProductToOrder[]> {
  const products = await trx
    .selectFrom('products')
    .select([
      'id',
      'sku',
      'title',
      'regular_price',
      'discounted_price',
      'stock',
      'attributes_json',
      'hsn',
      'gst_rate',
      'weight_grams',
      'length_cm',
      'breadth_cm',
      'height_cm',
      'options_json',
    ])
    .where('store_id', '=', storeId)
    .where(shownOnly())
    .where('id', 'in', productIds)
    .execute();
  const variants = await variantsOf(
    trx,
    storeId,
    products.map((product) => product.id),
  );
  return products.map((product) => ({
    ...product,
    variants: variants.filter((variant) => variant.product_id === product.id),
  }));
}

/**
 * Takes an order's stock in the caller's transaction: a guarded update per product (never below
 * zero) in product-id order, so two carts never wait on each other. Refuses with what is left
 * when another order took it first.
 */
export async function takeStock(trx: Database, storeId: string, lines: StockLine[]): Promise<void> {
  let soldOut = false;
  for (const { productId, quantity, variantSku } of inProductOrder(lines)) {
    // A variant's own stock first (guarded), then its product's sum, always in this order.
    if (variantSku) await takeVariantStock(trx, storeId, productId, variantSku, quantity);
    const taken = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '-', quantity) }))
      .where('id', '=', productId)
      .where('stock', '>=', quantity)
      .returning('stock')
      .executeTakeFirst();
    if (taken && Number(taken.stock) === 0) soldOut = true;
    if (!taken) {
      // Someone else bought it between our read and this update: tell what is left now.
      const now = await trx
        .selectFrom('products')
        .select(['title', 'stock'])
        .where('id', '=', productId)
        .executeTakeFirst();
      throw new HttpError(400, notEnoughStock(now ?? { title: 'A product', stock: 0 }));
    }
  }
  // Listings show what is left; a product now out of stock leaves "in stock" listings and counts.
  await stockChanged(trx, storeId, soldOut);
}

/** Gives a cancelled order's stock back in the caller's transaction. */
export async function returnStock(trx: Database, storeId: string, lines: StockLine[]): Promise<void> {
  if (lines.length === 0) return;
  // In product-id order, like taking it: no two transactions lock the same rows in opposite order.
  let backInStock = false;
  for (const { productId, quantity, variantSku } of inProductOrder(lines)) {
    if (variantSku) await returnVariantStock(trx, storeId, productId, variantSku, quantity);
    const returned = await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', productId)
      .returning('stock')
      .executeTakeFirst();
    if (returned && Number(returned.stock) === quantity) backInStock = true;
  }
  // Listings show what is left; a product that was out of stock is listed as in stock again.
  await stockChanged(trx, storeId, backInStock);
}

async function takeVariantStock(
  trx: Database,
  storeId: string,
  productId: string,
  sku: string,
  quantity: number,
): Promise<void> {
  const taken = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .where('sku', '=', sku)
    .where('stock', '>=', quantity)
    .returning('stock')
    .executeTakeFirst();
  if (taken) return;
  // Another order took it between our read and this update: tell what is left of it now.
  const now = await trx
    .selectFrom('product_variants')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  const product = await trx.selectFrom('products').select('title').where('id', '=', productId).executeTakeFirst();
  if (!now)
    throw new HttpError(400, `lines: ${sku} is not a variant of ${product?.title ?? 'this product'}.`, {}, 'lines');
  throw notEnoughOfVariant(product?.title ?? 'A product', now);
}

/** Back to its variant; a variant renamed or removed since gives it to the product's first one, so the sum holds. */
async function returnVariantStock(
  trx: Database,
  storeId: string,
  productId: string,
  sku: string,
  quantity: number,
): Promise<void> {
  const returned = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('store_id', '=', storeId)
    .where('product_id', '=', productId)
    .where('sku', '=', sku)
    .executeTakeFirst();
  if (Number(returned.numUpdatedRows) > 0) return;
  const first = await trx
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .executeTakeFirst();
  if (first)
    await trx
      .updateTable('product_variants')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', first.id)
      .execute();
}

/**
 * One line per product, or per variant of a product (quantities added up), in product-id order and
 * within a product in SKU order: every transaction locks rows in the same order.
 */
function inProductOrder(lines: StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.variantSku ?? '']);
    const earlier = merged.get(key);
    merged.set(key, { ...line, quantity: (earlier?.quantity ?? 0) + line.quantity });
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
}
