import pg from 'pg';
import { type DatabaseDriver, driverOf } from './open.js';
import type { Database } from './schema.js';
import { watchCommits } from './transaction.js';

/**
 * Tells a process, cheaply enough to ask on every request, whether the stores table may have
 * changed since it last asked: what it keeps of a store (its row, its catalogue answers) is
 * good while the mark stays the same.
 */
export interface ChangeWatch {
  /** Equal to an earlier mark only if no write that could change a store's row has been seen since. */
  mark(): string;
  close(): Promise<void>;
}

export async function watchStoreChanges(db: Database): Promise<ChangeWatch> {
  const driver = driverOf(db);
  return driver.kind === 'sqlite' ? sqliteWatch(driver) : await postgresWatch(db, driver);
}

/**
 * SQLite: `data_version` moves when another connection (the `store` command, another worker)
 * commits, and `total_changes()` when this one writes anything. Any write of this process moves
 * the mark, not only a store's: what was kept is read again once, which is right and costs one query.
 *
 * `total_changes()` is read from memory; `data_version` starts a read of the file's state (about
 * 4 µs, a tenth of a small read's time under load), so it is read once per turn of the event loop,
 * when the first request of the turn asks: the requests handled in one turn had all arrived by
 * then, so none gets a mark older than itself.
 */
function sqliteWatch(driver: Extract<DatabaseDriver, { kind: 'sqlite' }>): ChangeWatch {
  const dataVersion = driver.database.prepare('pragma data_version').pluck();
  const totalChanges = driver.database.prepare('select total_changes()').pluck();
  let versionThisTurn: unknown;
  const forget = () => {
    versionThisTurn = undefined;
  };
  return {
    mark: () => {
      if (versionThisTurn === undefined) {
        versionThisTurn = dataVersion.get();
        setImmediate(forget);
      }
      return `${versionThisTurn}:${totalChanges.get()}`;
    },
    close: async () => {},
  };
}

/** Wait before listening again after the connection was lost, doubling up to a minute. */
const RELISTEN_FIRST_MS = 250;
const RELISTEN_MAX_MS = 60_000;

/**
 * PostgreSQL: a trigger announces every committed change of the stores table on the channel
 * `stores_changed`, with the table's schema (see the migrations `2026-12-20-store-changes` and
 * `2026-12-28-store-changes-by-schema`), and one connection of each process listens. An announcement arrives within milliseconds of the commit; this process's own
 * commits move the mark at once, so a shopper or merchant reads their own write. While that
 * connection is not listening, every mark is new, so nothing kept is used: a lost announcement can
 * make the shop slower, never wrong.
 */
async function postgresWatch(
  db: Database,
  driver: Extract<DatabaseDriver, { kind: 'postgres' }>,
): Promise<ChangeWatch> {
  let changes = 0;
  const stopWatchingCommits = watchCommits(db, () => {
    changes += 1;
  });
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let wait = RELISTEN_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;

  const listen = async () => {
    const next = new pg.Client(driver.pool.options);
    // The schema this shop's tables are in: another shop's schema on the same server announces its
    // own changes on the same channel (an announcement without a schema is anybody's, so counted).
    let ownSchema: string | undefined;
    next.on('notification', (announcement) => {
      if (!announcement.payload || ownSchema === undefined || announcement.payload === ownSchema) changes += 1;
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string | null }>('select current_schema() as schema');
      ownSchema = rows[0]?.schema ?? undefined;
      await next.query('listen stores_changed');
      // What was kept before now may predate a change nobody announced to us.
      changes += 1;
      listening = true;
      wait = RELISTEN_FIRST_MS;
    } catch {
      lost(next);
    }
  };

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    listening = false;
    client = undefined;
    which.end().catch(() => {});
    if (closed) return;
    retry = setTimeout(() => void listen(), wait);
    retry.unref();
    wait = Math.min(wait * 2, RELISTEN_MAX_MS);
  };

  await listen();
  let unwatched = 0;
  return {
    mark: () => {
      if (listening) return `${changes}`;
      unwatched += 1;
      return `unwatched ${unwatched}`;
    },
    close: async () => {
      closed = true;
      stopWatchingCommits();
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => {});
    },
  };
}
