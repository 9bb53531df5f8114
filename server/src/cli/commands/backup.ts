import path from 'node:path';
import type { Command } from 'commander';
import { BackupError, backupEmbedded, restoreEmbedded } from '../../db/backup.js';
import { DUMPED_TABLES, type DumpCounts, DumpError, dumpShop, loadShop } from '../../db/dump.js';
import { type CliContext, CliError, withShop } from '../context.js';

const describeCounts = (counts: DumpCounts) =>
  DUMPED_TABLES.filter((table) => counts[table] > 0)
    .map((table) => `${counts[table]} ${table.replace('_', ' ')}`)
    .join(', ');

/** Backups and moves between databases: what a merchant needs before anything goes wrong. */
export function addBackupCommands(program: Command, context: CliContext): void {
  program
    .command('backup')
    .description('a consistent copy of the embedded database, taken while the shop runs (cron it: see the README)')
    .argument('<file>', 'where to write the copy, e.g. backups/store-2026-11-24.sqlite')
    .action(async (file: string) => {
      const destination = path.resolve(context.cwd, file);
      await withShop(context, async (shop) => {
        if (!shop.sqlite) {
          throw new CliError(
            'The shop runs on PostgreSQL: back it up with pg_dump, e.g.\n  pg_dump --format=custom --file=store.dump "$DATABASE_URL"\nand restore with pg_restore --clean --dbname="$DATABASE_URL" store.dump',
          );
        }
        const summary = await guard(() => backupEmbedded(shop.sqlite as NonNullable<typeof shop.sqlite>, destination));
        context.stdout(`Backed up to ${destination}: ${summary.orders} orders, ${summary.products} products.\n`);
      });
    });

  program
    .command('restore')
    .description('put a backup in place of the embedded database (stop the shop first)')
    .argument('<file>', 'a file written by `store backup`')
    .option('--force', 'replace the database that is there now (it is kept beside it)')
    .action(async (file: string, options: { force?: boolean }) => {
      const location = context.database();
      if (!location.file) {
        throw new CliError('The shop runs on PostgreSQL: restore with pg_restore (see `store backup`).');
      }
      const result = await guard(async () =>
        restoreEmbedded(path.resolve(context.cwd, file), location.file as string, { force: Boolean(options.force) }),
      );
      context.stdout(
        `Restored ${result.orders} orders and ${result.products} products into ${location.file}.${result.keptAs ? ` The database that was there is kept as ${result.keptAs}.` : ''}\n`,
      );
    });

  program
    .command('dump')
    .description('the whole shop as a JSON-lines file, to move it to another database (SQLite ⇄ PostgreSQL)')
    .argument('<file>', 'where to write it, e.g. shop.jsonl')
    .action(async (file: string) => {
      await withShop(context, async (shop) => {
        const counts = await guard(() => dumpShop(shop.db, path.resolve(context.cwd, file)));
        context.stdout(`Wrote ${describeCounts(counts)} to ${file}.\n`);
      });
    });

  program
    .command('load')
    .description('load a `store dump` file into an empty database (set DATA_DIR or DATABASE_URL to the new one)')
    .argument('<file>', 'a file written by `store dump`')
    .action(async (file: string) => {
      await withShop(context, async (shop) => {
        const counts = await guard(() => loadShop(shop.db, path.resolve(context.cwd, file)));
        context.stdout(`Loaded ${describeCounts(counts)}; counts and checksum match. Shoppers sign in again.\n`);
      });
    });
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError || error instanceof DumpError) throw new CliError(error.message);
    throw error;
  }
}
