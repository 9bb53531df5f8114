import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChangeWatch } from '../../db/change-watch.js';
import { storeHostOf } from '../../http/store-host.js';
import { hostsOf } from './public-address.js';
import type { Store, StoreService } from './service.js';

/** Host names kept at most: a shop has a handful; made-up Host headers must not grow the map. */
const KEPT_HOSTS = 1000;

/**
 * The store of each host, kept in this process while the database's change watch says no store
 * has changed: every API request needs its store, which changes a few times a day (a sale's
 * stock aside), so most requests no longer ask the database for it. The rows handed out are
 * frozen: they are shared by every request of the process.
 */
export class KnownStores {
  private readonly byHost = new LRUCache<string, Store>({ max: KEPT_HOSTS });
  private keptAt: string | undefined;

  constructor(
    private readonly stores: StoreService,
    private readonly watch: ChangeWatch,
  ) {}

  async forHost(host: string): Promise<Store> {
    const mark = this.currentMark();
    const known = this.byHost.get(host);
    if (known) return known;
    // Asked after the mark was taken: a change that lands meanwhile moves the mark, and this row goes.
    const store = Object.freeze(await this.stores.forHost(host));
    if (this.keptAt === mark) this.byHost.set(host, store);
    return store;
  }

  /** The store of a host if this process holds it under the current mark, without asking the database. */
  keptFor(host: string): Store | undefined {
    this.currentMark();
    return this.byHost.get(host);
  }

  /**
   * The hosts of the store a request's Host header reaches (its own host and extra hosts): the pages
   * that may call it from another origin (CORS). None before the first store exists.
   */
  async hostsOfStoreAt(hostHeader: string | undefined): Promise<string[]> {
    const store = await this.forHost(storeHostOf(hostHeader)).catch(() => undefined);
    return store ? hostsOf(store) : [];
  }

  /** The watch's mark now, after forgetting everything kept under an earlier one. */
  private currentMark(): string {
    const mark = this.watch.mark();
    if (mark !== this.keptAt) {
      this.byHost.clear();
      this.keptAt = mark;
    }
    return mark;
  }
}

const revisions = new WeakMap<Store, string>();

/**
 * A short digest of everything in the store's row: two rows with the same revision answer every
 * catalogue read alike, as every catalogue, stock or detail change moves the row.
 */
export function revisionOf(store: Store): string {
  let revision = revisions.get(store);
  if (!revision) {
    revision = createHash('sha1').update(JSON.stringify(store)).digest('base64url');
    revisions.set(store, revision);
  }
  return revision;
}
