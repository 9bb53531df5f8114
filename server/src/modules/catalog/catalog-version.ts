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
