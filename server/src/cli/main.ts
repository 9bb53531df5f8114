import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { createServices, MEDIA_DIR } from '../app.js';
import { readConfig } from '../config.js';
import { embeddedFile, migrateToLatest, openDatabase } from '../db/open.js';
import { oneAtATime } from '../db/start-lock.js';
import { HttpError } from '../http/errors.js';
import { CatalogueFileError, ImportInterrupted } from '../modules/catalog/import/index.js';
import { PaymentSettingsError } from '../modules/payments/settings.js';
import { StoreFileError } from '../modules/stores/store-file.js';
import { addBackupCommands } from './commands/backup.js';
import { addMailCommands } from './commands/mail.js';
import { addOrderCommands } from './commands/orders.js';
import { addPaymentCommands } from './commands/payments.js';
import { addProductCommands } from './commands/products.js';
import { addSetupCommands } from './commands/setup.js';
import { addStaffCommands } from './commands/staff.js';
import { addStoreInfoCommands } from './commands/store-info.js';
import { addSubscriberCommands } from './commands/subscribers.js';
import { addTicketCommands } from './commands/tickets.js';
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
  addSetupCommands(program, context);
  addStoreInfoCommands(program, context);
  addProductCommands(program, context);
  addOrderCommands(program, context);
  addPaymentCommands(program, context);
  addMailCommands(program, context);
  addBackupCommands(program, context);
  addStaffCommands(program, context);
  addSubscriberCommands(program, context);
  addTicketCommands(program, context);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (
      error instanceof CliError ||
      error instanceof HttpError ||
      error instanceof CatalogueFileError ||
      error instanceof ImportInterrupted ||
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

/** The database the server uses (same DATA_DIR and DATABASE_URL), migrated as the server would. */
function configFromEnvironment(): ReturnType<typeof readConfig> {
  try {
    return readConfig();
  } catch (error) {
    throw new CliError((error as Error).message);
  }
}

async function connectFromEnvironment(): Promise<Shop> {
  const config = configFromEnvironment();
  const where = config.databaseUrl
    ? 'the PostgreSQL server of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  let db: Shop['db'] | undefined;
  try {
    const opened = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    db = opened.db;
    const opening = db;
    // Not while the shop, starting on the same fresh database, migrates it.
    await oneAtATime(opening, () => migrateToLatest(opening));
    // Never the demo store here: the merchant's tool must not fill their database with another shop.
    const services = createServices(db, {
      payments: config.payments,
      orders: config.orders,
      // The orders it moves send their messages like the server's, through the same outbox.
      messages: { ...(config.mail.notifyEmail ? { notifyEmail: config.mail.notifyEmail } : {}), port: config.port },
    });
    return {
      db: opened.db,
      services,
      ...(opened.sqlite ? { sqlite: opened.sqlite } : {}),
      close: () => opened.db.destroy(),
    };
  } catch (error) {
    await db?.destroy().catch(() => {});
    throw new CliError(`Cannot open ${where}: ${(error as Error).message}`);
  }
}

async function askOnTerminal(question: string): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question(question);
  } finally {
    terminal.close();
  }
}

/** Asks on the terminal without echoing what is typed (a password). */
async function askSecretOnTerminal(question: string): Promise<string> {
  process.stdout.write(question);
  let muted = true;
  const hidden = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const terminal = createInterface({ input: process.stdin, output: hidden, terminal: true });
  try {
    return await terminal.question('');
  } finally {
    muted = false;
    terminal.close();
    process.stdout.write('\n');
  }
}

async function readStandardInput(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
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
    mediaDirs: () => [MEDIA_DIR, configFromEnvironment().mediaDir],
    mediaDir: () => configFromEnvironment().mediaDir,
    database: () => {
      const config = configFromEnvironment();
      return config.databaseUrl ? {} : { file: embeddedFile(config.dataDir) };
    },
    ...(process.stdin.isTTY && process.stdout.isTTY ? { ask: askOnTerminal, askSecret: askSecretOnTerminal } : {}),
    ...(process.stdin.isTTY ? {} : { readInput: readStandardInput }),
  });
}
