import type { OrderRow } from '../../db/schema.js';
import type { Store } from '../../modules/stores/service.js';
import { CliError, type Shop } from '../context.js';

/** The store's order by its number, as the merchant typed it; an unknown number is refused. */
export async function findOrder(shop: Shop, store: Store, id: string): Promise<OrderRow> {
  const row = await shop.services.orders.findRow(store.id, id.trim());
  if (!row) throw new CliError(`No order ${id.trim().toUpperCase()} in ${store.store_name}.`);
  return row;
}
