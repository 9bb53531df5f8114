import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { stockChanged } from '../stores/versions.js';
import { shownOnly } from './shown.js';

/** What an order reads of a product: its price, stock, the options it comes in and its tax. */
export interface ProductToOrder {
  id: string;
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
}

/** How many of one product an order takes or gives back. */
export interface StockLine {
  productId: string;
  quantity: number;
}

export const notEnoughStock = (product: { title: string; stock: number }) =>
  product.stock > 0
    ? `Only ${product.stock} left of ${product.title}. Please lower the quantity.`
    : `${product.title} is out of stock.`;

/** The products on sale among these ids, as an order reads them, in the caller's transaction. */
export function productsToOrder(trx: Database, storeId: string, productIds: string[]): Promise<ProductToOrder[]> {
  return trx
    .selectFrom('products')
    .select([
      'id',
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
    ])
    .where('store_id', '=', storeId)
    .where(shownOnly())
    .where('id', 'in', productIds)
    .execute();
}

/**
 * Takes an order's stock in the caller's transaction: a guarded update per product (never below
 * zero) in product-id order, so two carts never wait on each other. Refuses with what is left
 * when another order took it first.
 */
export async function takeStock(trx: Database, storeId: string, lines: StockLine[]): Promise<void> {
  let soldOut = false;
  for (const { productId, quantity } of inProductOrder(lines)) {
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
  for (const { productId, quantity } of inProductOrder(lines)) {
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

/** One line per product (quantities added up), in product-id order. */
function inProductOrder(lines: StockLine[]): StockLine[] {
  const byProduct = new Map<string, number>();
  for (const line of lines) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  return [...byProduct.keys()].sort().map((productId) => ({ productId, quantity: byProduct.get(productId) ?? 0 }));
}
