import { Command, CommanderError } from 'commander';
import { createServices } from '../app.js';
import { readConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/open.js';
import { HttpError } from '../http/errors.js';
import { CatalogueFileError } from '../modules/catalog/files/read-catalogue.js';
import { PaymentSettingsError } from '../modules/payments/settings.js';
import { StoreFileError } from '../modules/stores/store-file.js';
import { ensureDemoStore } from '../seed/seed.js';
import { addOrderCommands } from './commands/orders.js';
import { addPaymentCommands } from './commands/payments.js';
import { addProductCommands } from './commands/products.js';
import { addStoreInfoCommands } from './commands/store-info.js';
import { type CliContext, CliError, type Shop } from './context.js';

/** The merchant's `store` command. Exit codes: 0 done, 1 refused or failed (with the reason), 2 a usage mistake. */
export async function run(argv: string[], context: CliContext): Promise<number> {
  const program = new Command('store')
    .description(
      "Run the shop: its details, its catalogue and its orders. Works on the shop's database while the shop runs.",
    )
    .option('--store <host>', 'the store to work on, by its host (default: the default store)')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: context.stdout, writeErr: context.stderr });
  addStoreInfoCommands(program, context);
  addProductCommands(program, context);
  addOrderCommands(program, context);
  addPaymentCommands(program, context);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (
      error instanceof CliError ||
      error instanceof HttpError ||
      error instanceof CatalogueFileError ||
      error instanceof StoreFileError ||
      error instanceof PaymentSettingsError
    ) {
      context.stderr(`Error: ${error.message}\n`);
      return 1;
    }
    context.stderr(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

/** The database the server uses (same DATA_DIR and DATABASE_URL), prepared as a first start of the server would. */
async function connectFromEnvironment(): Promise<Shop> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const where = config.databaseUrl
    ? 'the PostgreSQL server of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  let db: Shop['db'] | undefined;
  try {
    db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).db;
    await migrateToLatest(db);
    const services = createServices(db, { payments: config.payments, orders: config.orders });
    if (config.seedDemo) await ensureDemoStore(services);
    const opened = db;
    return { db: opened, services, close: () => opened.destroy() };
  } catch (error) {
    await db?.destroy().catch(() => {});
    throw new CliError(`Cannot open ${where}: ${(error as Error).message}`);
  }
}

/** Runs the command line this process was started with, on the shop's own database. */
export async function runInProcess(): Promise<number> {
  return run(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
    // npm runs scripts inside the workspace; paths the merchant types are relative to where they ran npm.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    connect: connectFromEnvironment,
  });
}
