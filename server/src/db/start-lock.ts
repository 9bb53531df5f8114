import SQLite from 'better-sqlite3';
import { driverOf } from './open.js';
import type { Database } from './schema.js';

/** How long a starting process waits for another one's migrations before it gives up, with the reason. */
export const START_LOCK_WAIT_MS = 120_000;
const POLL_MS = 100;

/** A fixed key of PostgreSQL's advisory locks: "NetKart start". */
const ADVISORY_KEY = 0x4e4b5354;

export class StartLockTimeout extends Error {}

/**
 * Runs `work` (migrating, seeding) in one process at a time. Two processes started at once on a
 * fresh SQLite folder both used to migrate, and the second died on the first's half-made tables.
 * On SQLite the lock is the write lock of a small file of its own (`store.sqlite-start-lock`),
 * taken by `BEGIN IMMEDIATE`: the operating system lets it go if its holder dies, so a crash
 * leaves nothing stale. On PostgreSQL it is an advisory lock on a connection of its own. The wait
 * asks again every 100 ms instead of blocking, so the waiting process stays responsive to signals.
 */
export async function oneAtATime<T>(db: Database, work: () => Promise<T>, waitMs = START_LOCK_WAIT_MS): Promise<T> {
  const driver = driverOf(db);
  if (driver.kind === 'sqlite') {
    if (driver.file === ':memory:') return work();
    const lock = new SQLite(`${driver.file}-start-lock`);
    try {
      lock.pragma('busy_timeout = 0');
      await poll(waitMs, () => {
        try {
          lock.exec('begin immediate');
          return true;
        } catch (error) {
          if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
          throw error;
        }
      });
      return await work();
    } finally {
      lock.close();
    }
  }
  const client = await driver.pool.connect();
  try {
    await poll(waitMs, async () => {
      const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [ADVISORY_KEY]);
      return rows[0]?.held === true;
    });
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]);
    }
  } finally {
    client.release();
  }
}

async function poll(waitMs: number, take: () => boolean | Promise<boolean>): Promise<void> {
  for (const start = Date.now(); ; ) {
    if (await take()) return;
    if (Date.now() - start > waitMs) {
      throw new StartLockTimeout(
        `another process of the shop has been preparing this database (migrating it) for over ${Math.round(waitMs / 1000)} s; if none is running, start again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
