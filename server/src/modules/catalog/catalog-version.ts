import { LRUCache } from 'lru-cache';
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

/**
 * What a process counted for a store, kept while its catalogue version stands still: the version is
 * part of the key, so nothing counted before a change this process can see is ever answered.
 */
export class KeptPerCatalogueVersion<T extends object> {
  private readonly kept: LRUCache<string, Promise<T>>;

  constructor(entries: number) {
    this.kept = new LRUCache({ max: entries });
  }

  /**
   * What was counted for `asked` (any JSON) at this version, else `count()`'s answer, kept for next
   * time. Requests that ask while it is being counted wait for that one count: after a change to a
   * big catalogue, a crowd of shoppers on its first page costs one count, not one each.
   */
  async get(storeId: string, version: number, asked: unknown, count: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([storeId, version, asked]);
    const known = this.kept.get(key);
    if (known) return known;
    const counting = count();
    this.kept.set(key, counting);
    // A count that failed is asked again next time, not kept.
    counting.catch(() => this.kept.delete(key));
    return counting;
  }
}
