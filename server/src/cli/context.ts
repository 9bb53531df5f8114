import type SQLite from 'better-sqlite3';
import type { Command } from 'commander';
import type { Services } from '../app.js';
import type { Database } from '../db/schema.js';
import { storeHostOf } from '../http/store-host.js';
import { type AuditEntry, STORE_COMMAND_ACTOR } from '../modules/audit/service.js';
import type { Store } from '../modules/stores/service.js';

/** What a command may touch: its output, where relative paths start, and the shop's database. */
export interface CliContext {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Where progress bars are drawn; only given when that is a terminal. */
  progress?: NodeJS.WritableStream;
  /** The folder the merchant ran the command from. */
  cwd: string;
  /** Opens the shop's database, migrated, with the services the server uses. */
  connect: () => Promise<Shop>;
  /** Where the shop's database is, without opening it: the embedded file, if that is what it runs on. */
  database: () => { file?: string };
  /** The picture folders served under /media/ (the shop's own, then MEDIA_DIR): an import checks its pictures are there. */
  mediaDirs?: () => string[];
  /** The merchant's own picture folder (MEDIA_DIR), where uploads go: backups hold it. */
  mediaDir?: () => string;
  /** Where courier labels are kept (DATA_DIR/labels): backed up and restored with the pictures. */
  labelsDir?: () => string;
  /** Asks the merchant a question on their terminal; absent when no one is there to answer (scripts, pipes). */
  ask?: (question: string) => Promise<string>;
  /** Asks for a secret on the terminal without showing what is typed; absent when there is no terminal. */
  askSecret?: (question: string) => Promise<string>;
  /** Everything piped in on standard input; absent when standard input is a terminal. */
  readInput?: () => Promise<string>;
}

export interface Shop {
  db: Database;
  services: Services;
  /** The embedded database's own handle, for its online backup; absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

/** The host given with the program's --store option, if any. */
export const storeOption = (command: Command): string | undefined =>
  command.optsWithGlobals<{ store?: string }>().store;

/** Writes a change the command made to the activity log, as made by the store command. */
export async function logChange(shop: Shop, entry: Omit<AuditEntry, 'actor'>): Promise<void> {
  await shop.services.audit.recordNow({ ...entry, actor: STORE_COMMAND_ACTOR });
}

/** A failure the merchant can act on: its message is printed as it is, and the command exits with 1. */
export class CliError extends Error {}

/** Opens the shop, runs, and closes it. */
export async function withShop<T>(context: CliContext, work: (shop: Shop) => Promise<T>): Promise<T> {
  const shop = await context.connect();
  try {
    return await work(shop);
  } finally {
    await shop.close();
  }
}

/** Opens the shop, finds the store named by --store (or the default one), runs, and closes. */
export function withStore<T>(
  context: CliContext,
  host: string | undefined,
  work: (shop: Shop, store: Store) => Promise<T>,
): Promise<T> {
  return withShop(context, async (shop) => work(shop, await findStore(shop, host)));
}

async function findStore(shop: Shop, host: string | undefined): Promise<Store> {
  if (host === undefined) {
    const store = await shop.services.stores.defaultStore();
    if (!store) {
      throw new CliError(
        'There is no store yet: create yours with `npm run store -- init`, or start the shop once (npm start) for the demo store.',
      );
    }
    return store;
  }
  const wanted = storeHostOf(host);
  const store = await shop.services.stores.byHost(wanted);
  if (store) return store;
  const hosts = (await shop.services.stores.all()).map((row) => row.host);
  throw new CliError(`No store has the host '${wanted}'. The stores are: ${hosts.join(', ') || 'none yet'}.`);
}
