import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { Command, CommanderError } from 'commander';
import { embeddedFile } from '../db/open.js';
import { HttpError } from '../http/errors.js';
import { MEDIA_DIR } from '../media-dir.js';
import { CatalogueFileError, ImportInterrupted } from '../modules/catalog/import/index.js';
import { PaymentSettingsError } from '../modules/payments/settings.js';
import { StoreFileError } from '../modules/stores/store-file.js';
import { addBackupCommands } from './commands/backup.js';
import { addCouponCommands } from './commands/coupons.js';
import { addCourierCommands } from './commands/couriers.js';
import { addDeliveryCommands } from './commands/delivery.js';
import { addGstBookCommands } from './commands/gst-books.js';
import { addMailCommands } from './commands/mail.js';
import { addOrderCommands } from './commands/orders.js';
import { addPaymentCommands } from './commands/payments.js';
import { addPincodeCommands } from './commands/pincodes.js';
import { addProductCommands } from './commands/products.js';
import { addReturnCommands } from './commands/returns.js';
import { addReviewCommands } from './commands/reviews.js';
import { addSetupCommands } from './commands/setup.js';
import { addShippingCommands } from './commands/shipping.js';
import { addStaffCommands } from './commands/staff.js';
import { addStoreInfoCommands } from './commands/store-info.js';
import { addSubscriberCommands } from './commands/subscribers.js';
import { addTicketCommands } from './commands/tickets.js';
import { type CliContext, CliError } from './context.js';
import { configFromEnvironment } from './environment.js';

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
  addCourierCommands(program, context);
  addMailCommands(program, context);
  addBackupCommands(program, context);
  addStaffCommands(program, context);
  addSubscriberCommands(program, context);
  addTicketCommands(program, context);
  addPincodeCommands(program, context);
  addDeliveryCommands(program, context);
  addShippingCommands(program, context);
  addGstBookCommands(program, context);
  addReturnCommands(program, context);
  addReviewCommands(program, context);
  addCouponCommands(program, context);

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
    // The shop's modules (and the web server they sit beside) load only for a command that opens the
    // shop: `store --help` answers without them.
    connect: async () => (await import('./connect.js')).connectFromEnvironment(),
    mediaDirs: () => [MEDIA_DIR, configFromEnvironment().mediaDir],
    mediaDir: () => configFromEnvironment().mediaDir,
    labelsDir: () => configFromEnvironment().couriers.labelsDir,
    database: () => {
      const config = configFromEnvironment();
      return config.databaseUrl ? {} : { file: embeddedFile(config.dataDir) };
    },
    ...(process.stdin.isTTY && process.stdout.isTTY ? { ask: askOnTerminal, askSecret: askSecretOnTerminal } : {}),
    ...(process.stdin.isTTY ? {} : { readInput: readStandardInput }),
  });
}
