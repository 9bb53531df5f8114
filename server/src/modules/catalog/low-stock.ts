import type { Database, ProductRow } from '../../db/schema.js';
import { shownOnly } from './shown.js';

/** The products on sale at or below a store's low-stock line: how many, and the lowest first. */
export interface LowStock {
  count: number;
  products: ProductRow[];
}

/**
 * Products on sale with `threshold` or fewer left, fewest first (then in the catalogue's order),
 * `listed` of them at most. `db` may be the caller's transaction.
 */
export async function lowStockOf(db: Database, storeId: string, threshold: number, listed: number): Promise<LowStock> {
  const low = db
    .selectFrom('products')
    .where('store_id', '=', storeId)
    .where(shownOnly())
    .where('stock', '<=', threshold);
  const counted = await low.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const count = Number(counted.count);
  if (count === 0) return { count, products: [] };
  return { count, products: await low.selectAll().orderBy('stock').orderBy('position').limit(listed).execute() };
}
