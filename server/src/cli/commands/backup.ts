import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { BackupError, type BackupSummary, restoreEmbedded } from '../../db/backup.js';
import {
  holdsFiles,
  isBareDatabase,
  type OpenedArchive,
  openBackupArchive,
  restorePictures,
  writeBackupArchive,
} from '../../db/backup-archive.js';
import { DUMPED_TABLES, type DumpCounts, DumpError, dumpShop, loadShop } from '../../db/dump.js';
import { type CliContext, CliError, withShop } from '../context.js';

/** "1 store, 44 products": every dumped table's name is its plural with an s, or has none (staff, outbox). */
const rowsOf = (count: number, table: string) => {
  const name = table.replaceAll('_', ' ');
  return `${count} ${count === 1 ? name.replace(/s$/, '') : name}`;
};
const describeCounts = (counts: DumpCounts) =>
  DUMPED_TABLES.filter((table) => counts[table] > 0)
    .map((table) => rowsOf(counts[table], table))
    .join(', ');

/** Backups and moves between databases: what a merchant needs before anything goes wrong. */
export function addBackupCommands(program: Command, context: CliContext): void {
  program
    .command('backup')
    .description(
      'one archive (.tar.gz) of the whole shop: its database, its pictures (MEDIA_DIR) and its courier labels, taken while the shop runs (cron it: see the README)',
    )
    .argument('<file>', 'where to write it, e.g. backups/store-2026-11-24.tar.gz')
    .action(async (file: string) => {
      const destination = path.resolve(context.cwd, file);
      const location = context.database();
      // Opening a folder with no database would create an empty one, and back that up.
      if (location.file && !fs.existsSync(location.file)) throw new CliError(noShopIn(location.file));
      await withShop(context, async (shop) => {
        if (!(await shop.services.stores.exists())) {
          throw new CliError(
            location.file ? noShopIn(location.file) : 'The database of DATABASE_URL holds no shop: check DATABASE_URL.',
          );
        }
        const summary = await guard(() =>
          writeBackupArchive({
            destination,
            mediaDir: context.mediaDir?.(),
            labelsDir: context.labelsDir?.(),
            source: shop.sqlite ? { sqlite: shop.sqlite } : { db: shop.db },
          }),
        );
        context.stdout(
          `Backed up to ${destination}: ${summary.orders} orders, ${summary.products} products, ${summary.pictures} pictures${summary.labels ? `, ${courierLabels(summary.labels)}` : ''}.\n`,
        );
      });
    });

  program
    .command('restore')
    .description("put a backup (database and pictures) in place of the shop's (stop the shop first)")
    .argument('<file>', 'a file written by `store backup`')
    .option('--force', 'replace the database and pictures that are there now (they are kept beside them)')
    .action(async (file: string, options: { force?: boolean }) => {
      const archive = path.resolve(context.cwd, file);
      const force = Boolean(options.force);
      const location = context.database();
      if (await guard(async () => isBareDatabase(archive))) {
        // A backup taken before backups held the pictures: the database alone.
        if (!location.file)
          throw new CliError(
            'This backup is of the embedded database: restore it with DATA_DIR set, not DATABASE_URL.',
          );
        const result = await guard(async () => restoreEmbedded(archive, location.file as string, { force }));
        context.stdout(
          `Restored ${result.orders} orders and ${result.products} products into ${location.file} (this older backup holds no pictures).${result.keptAs ? ` The database that was there is kept as ${result.keptAs}.` : ''}\n`,
        );
        return;
      }
      const mediaDir = context.mediaDir?.();
      if (!mediaDir) throw new CliError('There is no picture folder (MEDIA_DIR) to restore the pictures into.');
      const opened = await guard(() => openBackupArchive(archive, path.dirname(mediaDir)));
      const labelsDir = context.labelsDir?.();
      try {
        const occupied = [
          ...(location.file && fs.existsSync(location.file) ? [`${location.file} already holds a database`] : []),
          ...(holdsFiles(mediaDir) ? [`${mediaDir} already holds pictures`] : []),
          ...(opened.labels > 0 && labelsDir && holdsFiles(labelsDir)
            ? [`${labelsDir} already holds courier labels`]
            : []),
        ];
        if (occupied.length && !force) {
          throw new CliError(
            `${occupied.join(' and ')}. Stop the shop, then add --force to replace them; what is there now is kept beside it.`,
          );
        }
        const restored = await guard(() => restoreDatabase(context, opened, location.file, force));
        const pictures = restorePictures(opened.picturesDir, mediaDir);
        // The courier labels go back where the shop keeps them (the same rule: what is there is kept beside).
        const labels = labelsDir && opened.labels > 0 ? restorePictures(opened.labelsDir, labelsDir) : {};
        const kept = [restored.keptAs, pictures.keptAs, labels.keptAs].filter(Boolean);
        context.stdout(
          `Restored ${restored.orders} orders, ${restored.products} products and ${opened.pictures} pictures (into ${mediaDir})${labelsDir && opened.labels > 0 ? `, and ${courierLabels(opened.labels)} (into ${labelsDir})` : ''}.${kept.length ? ` What was there is kept as ${kept.join(' and ')}.` : ''}\n`,
        );
      } finally {
        opened.discard();
      }
    });

  program
    .command('dump')
    .description('the whole shop as a JSON-lines file, to move it to another database (SQLite ⇄ PostgreSQL)')
    .argument('<file>', 'where to write it, e.g. shop.jsonl')
    .action(async (file: string) => {
      await withShop(context, async (shop) => {
        const counts = await guard(() => dumpShop(shop.db, path.resolve(context.cwd, file)));
        // The data only: pictures are files, and travel in `store backup`'s archive.
        context.stdout(
          `Wrote ${describeCounts(counts)} to ${file}. It holds the data only, not the pictures: copy MEDIA_DIR along, or use \`store backup\`, which holds both.\n`,
        );
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

const courierLabels = (count: number) => `${count} courier label${count === 1 ? '' : 's'}`;

const noShopIn = (file: string) =>
  `DATA_DIR (${path.dirname(file)}) holds no shop: there is no store in ${path.basename(file)} there. Set DATA_DIR to the shop's folder.`;

/** The archive's database into the shop's: the embedded file replaced, or a dump loaded into an empty database. */
async function restoreDatabase(
  context: CliContext,
  opened: OpenedArchive,
  target: string | undefined,
  force: boolean,
): Promise<BackupSummary & { keptAs?: string }> {
  if (opened.database.kind === 'sqlite') {
    if (!target) {
      throw new CliError(
        'This backup is of the embedded database and the shop runs on PostgreSQL: restore it with DATA_DIR set instead of DATABASE_URL, then move it with `store dump` and `store load`.',
      );
    }
    return restoreEmbedded(opened.database.file, target, { force });
  }
  // A PostgreSQL shop's backup: its dump loads into an empty database (either kind); load refuses one with a store.
  return withShop(context, async (shop) => {
    const counts = await loadShop(shop.db, opened.database.file);
    return { stores: counts.stores, orders: counts.orders, products: counts.products };
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
