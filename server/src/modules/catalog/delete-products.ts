import type { Database } from '../../db/schema.js';
import { nowIso } from '../../shared/ids.js';
import { catalogueChanged } from '../stores/versions.js';

/** Which of these products some order holds, read in the caller's transaction (the orders module answers). */
export type OrderedAmong = (trx: Database, productIds: string[]) => Promise<Set<string>>;

/** What deleting products by SKU did: deleted, hidden instead, kept for their orders, or not found. */
export interface DeletedProducts {
  deleted: string[];
  hidden: string[];
  ordered: string[];
  missing: string[];
}

/**
 * Deletes the products with these SKUs that no order refers to, inside `trx`; an ordered product
 * stays for its orders' sake, and is hidden instead when `hideOrdered` is set.
 */
export async function deleteProducts(
  trx: Database,
  storeId: string,
  skus: string[],
  options: { hideOrdered: boolean; orderedAmong: OrderedAmong },
): Promise<DeletedProducts> {
  const { orderedAmong } = options;
  const found = skus.length
    ? await trx
        .selectFrom('products')
        .select(['id', 'sku'])
        .where('store_id', '=', storeId)
        .where('sku', 'in', skus)
        .execute()
    : [];
  const ids = found.map((product) => product.id);
  const orderedIds = ids.length ? await orderedAmong(trx, ids) : new Set<string>();
  const free = found.filter((product) => !orderedIds.has(product.id));
  const ordered = found.filter((product) => orderedIds.has(product.id));
  if (free.length) {
    await trx
      .deleteFrom('products')
      .where(
        'id',
        'in',
        free.map((product) => product.id),
      )
      .execute();
  }
  if (options.hideOrdered && ordered.length) {
    await trx
      .updateTable('products')
      .set({ hidden: 1, updated_at: nowIso() })
      .where(
        'id',
        'in',
        ordered.map((product) => product.id),
      )
      .execute();
  }
  if (free.length || (options.hideOrdered && ordered.length)) await catalogueChanged(trx, storeId);
  const foundSkus = new Set(found.map((product) => product.sku));
  return {
    deleted: free.map((product) => product.sku),
    hidden: options.hideOrdered ? ordered.map((product) => product.sku) : [],
    ordered: ordered.map((product) => product.sku),
    missing: skus.filter((sku) => !foundSkus.has(sku)),
  };
}
