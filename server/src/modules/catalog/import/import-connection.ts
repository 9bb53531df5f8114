import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** SQLite's page cache while an import writes, in KiB (256 MiB; the default is 2 MiB). */
const IMPORT_CACHE_KIB = 256 * 1024;

/**
 * SQLite: while an import writes, its connection
 * - keeps more of the database's pages in memory (the products' 14 indexes, the search index, the
 *   specifications), then goes back to its own size;
 * - copies what each part wrote from the write-ahead log into the database file between parts
 *   (see timed-parts.ts), no longer at the end of each commit: the copy needs no write lock, so the
 *   shop's own writes have the lock while it runs, and the parts hold it for writing alone
 *   (the copy was about a third of each part's time).
 * Every commit is as durable as before (synchronous stays FULL): only the copy moves.
 */
export async function withImportConnection<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const pragma = async (name: string) =>
    Number(Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] ?? {})[0]);
  const cacheSize = (await pragma('cache_size')) || -2000;
  const autoCheckpoint = await pragma('wal_autocheckpoint');
  await sql.raw(`pragma cache_size = ${-IMPORT_CACHE_KIB}`).execute(db);
  await sql.raw('pragma wal_autocheckpoint = 0').execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma wal_autocheckpoint = ${autoCheckpoint}`).execute(db);
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    await sql`pragma wal_checkpoint(passive)`.execute(db);
  }
}
