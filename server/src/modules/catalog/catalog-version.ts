import { LRUCache } from 'lru-cache';

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
