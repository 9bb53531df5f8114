import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** A backup or restore the merchant asked for that cannot be done; the message says why. */
export class BackupError extends Error {}

/** What a backup file holds, once checked. */
export interface BackupSummary {
  stores: number;
  orders: number;
  products: number;
}

/**
 * A consistent copy of the embedded database while the shop keeps selling: SQLite's online
 * backup API copies a snapshot page by page (a plain file copy would miss what sits in the WAL).
 * The copy is checked before it is reported done.
 */
export async function backupEmbedded(database: SQLite.Database, destination: string): Promise<BackupSummary> {
  if (fs.existsSync(destination)) throw new BackupError(`${destination} exists already: give a new file name.`);
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    await database.backup(partial);
    const summary = checkBackup(partial);
    fs.renameSync(partial, destination);
    return summary;
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot write ${destination}: ${(error as Error).message}`);
  }
}

/** Opens a backup read-only and checks it whole: a truncated, corrupt or foreign file is refused with the reason. */
export function checkBackup(file: string): BackupSummary {
  if (!fs.existsSync(file)) throw new BackupError(`${file}: no such file.`);
  let opened: SQLite.Database | undefined;
  try {
    const database = new SQLite(file, { readonly: true, fileMustExist: true });
    opened = database;
    const integrity = database.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged (SQLite says: ${String(integrity)}).`);
    const tables = new Set(
      (database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (table) => table.name,
      ),
    );
    for (const table of ['stores', 'products', 'orders', 'kysely_migration']) {
      if (!tables.has(table)) throw new BackupError(`${file} is not a backup of this shop (it has no ${table} table).`);
    }
    const count = (table: string) => (database.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { stores: count('stores'), orders: count('orders'), products: count('products') };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a usable backup: ${(error as Error).message}.`);
  } finally {
    opened?.close();
  }
}

/**
 * Puts a checked backup in place of the embedded database. An existing database is replaced only
 * with `force` (the shop must be stopped first), and is kept beside it, never deleted.
 */
export function restoreEmbedded(
  backup: string,
  target: string,
  options: { force: boolean; now?: Date },
): BackupSummary & { keptAs?: string } {
  const summary = checkBackup(backup);
  const exists = fs.existsSync(target);
  if (exists && !options.force) {
    const inUse = fs.existsSync(`${target}-wal`);
    throw new BackupError(
      `${target} already holds a database${inUse ? ' that looks in use (the shop may be running)' : ''}. Stop the shop, then add --force to replace it; the current one is kept beside it.`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(backup, incoming);
  let keptAs: string | undefined;
  if (exists) {
    keptAs = `${target}.before-restore-${(options.now ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, keptAs);
    // The old database's WAL belongs to it, not to the restored one.
    for (const suffix of ['-wal', '-shm']) {
      if (fs.existsSync(`${target}${suffix}`)) fs.renameSync(`${target}${suffix}`, `${keptAs}${suffix}`);
    }
  }
  fs.renameSync(incoming, target);
  return { ...summary, ...(keptAs ? { keptAs } : {}) };
}
