import type { Database } from '../../db/schema.js';

/**
 * Says, inside the transaction of a catalogue change, that the store's listings may now read
 * differently: every process sees the new number with the store on its next request and stops
 * using what it had counted before. Called last in a transaction, so the store's row is held only
 * while the change commits (two changes wait for each other there, never in a circle).
 */
export async function catalogueChanged(trx: Database, storeId: string): Promise<void> {
  await trx
    .updateTable('stores')
    .set((eb) => ({ catalog_version: eb('catalog_version', '+', 1) }))
    .where('id', '=', storeId)
    .execute();
}

/**
 * Says, inside the transaction of an order or a cancellation, that a product's stock moved: every
 * process stops answering the catalogue answers it kept (they show stock), and when a product
 * reached or left zero, stops using its counts too ("in stock" listings change). Called last, as
 * catalogueChanged.
 */
export async function stockChanged(trx: Database, storeId: string, crossedZero: boolean): Promise<void> {
  await trx
    .updateTable('stores')
    .set((eb) => ({
      stock_version: eb('stock_version', '+', 1),
      ...(crossedZero ? { catalog_version: eb('catalog_version', '+', 1) } : {}),
    }))
    .where('id', '=', storeId)
    .execute();
}
