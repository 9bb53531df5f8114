import path from 'node:path';
import type { StoreInfo } from '@netkart/contract';
import type { Command } from 'commander';
import { HostError, type PublicHost, parseHost } from '../../modules/stores/public-address.js';
import { readStoreFile, StoreFile } from '../../modules/stores/store-file.js';
import { demoProducts } from '../../seed/demo-store.js';
import { type CliContext, CliError, logChange, storeOption, withShop, withStore } from '../context.js';

/** What `init` asks on a terminal, in order, with the field each answer fills. */
const QUESTIONS: [keyof StoreInfo & keyof typeof StoreFile.shape, string][] = [
  ['storeName', 'Store name (shoppers see it in the header)'],
  ['companyName', 'Legal name of the business'],
  ['companyAddress', 'Business address'],
  ['companyEmail', 'Email for customers'],
  ['companyPhone', 'Phone for customers'],
];

export function addSetupCommands(program: Command, context: CliContext): void {
  program
    .command('init')
    .description('create your own store (no demo data): asked on a terminal, or from a file with --file')
    .option('--file <store.json>', 'the store details, in the format of `info set` (see samples/store.json)')
    .option(
      '--host <host>',
      'the host shoppers reach the shop on (e.g. shop.example.in), which every email link names; the first store also answers every other host (default: asked on a terminal, else localhost)',
    )
    .action(async (options: { file?: string; host?: string }) => {
      await withShop(context, async (shop) => {
        const existing = await shop.services.stores.defaultStore();
        if (existing) {
          throw new CliError(
            `This database already has a store: ${existing.store_name} (${existing.host}). Change its details with \`store info set\`, or add another with \`store stores add\`.`,
          );
        }
        // A given host is checked before anything is asked.
        const given = options.host === undefined ? undefined : hostFrom(options.host);
        const info = options.file
          ? readStoreFile(path.resolve(context.cwd, options.file), StoreFile).info
          : await askForDetails(context);
        const address = given ?? (await askForHost(context));
        const store = await shop.services.stores.create(address.host, info, { isDefault: true, port: address.port });
        context.stdout(
          [
            `Created ${info.storeName} at ${shop.services.stores.publicOrigin(store)}. Next:`,
            '  npm run store -- products import catalogue.csv      # your catalogue (see samples/catalogue.csv)',
            '  npm run store -- payments set --provider upi --upi-vpa <your UPI id>   # how shoppers pay',
            '  npm start                                           # open the shop',
            '',
          ].join('\n'),
        );
      });
    });

  program
    .command('demo')
    .description('the demo catalogue that `npm start` creates on an empty database')
    .command('remove')
    .description('delete the demo products no order refers to, and hide the ordered ones')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const skus = demoProducts.map((product) => product.sku);
        const result = await shop.services.catalog.deleteBySkus(store.id, skus, { hideOrdered: true });
        await logChange(shop, {
          storeId: store.id,
          action: 'product.demo-remove',
          subject: `store:${store.host}`,
          after: { deleted: result.deleted.length, hidden: result.hidden.length },
        });
        context.stdout(
          `Deleted ${result.deleted.length} demo products${result.hidden.length ? `; hid ${result.hidden.length} that are in orders (${result.hidden.join(', ')})` : ''}.\n`,
        );
      });
    });
}

/** A host from the command line, or the one-line refusal naming what is wrong with it. */
function hostFrom(given: string): PublicHost {
  try {
    return parseHost(given);
  } catch (error) {
    if (error instanceof HostError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The shop's host, asked on a terminal until it is one (empty: localhost, to try the shop on this
 * machine); without a terminal, localhost, as before a host could be given.
 */
async function askForHost(context: CliContext): Promise<PublicHost> {
  if (!context.ask) return { host: 'localhost', port: null };
  for (;;) {
    const answer = (await context.ask(HOST_QUESTION)).trim();
    if (answer === '') return { host: 'localhost', port: null };
    try {
      return parseHost(answer);
    } catch (error) {
      if (!(error instanceof HostError)) throw error;
      context.stderr(`${error.message}\n`);
    }
  }
}

const HOST_QUESTION =
  'Host name shoppers reach the shop on, e.g. shop.example.in (every email link names it; empty: localhost, to try it here): ';

/** Asks each detail on the merchant's terminal, again until the answer is valid. */
async function askForDetails(context: CliContext): Promise<StoreInfo> {
  const ask = context.ask;
  if (!ask) {
    throw new CliError('Give the store details in a file: store init --file store.json (see samples/store.json).');
  }
  const answers: Record<string, string> = {};
  for (const [field, question] of QUESTIONS) {
    for (;;) {
      const answer = (await ask(`${question}: `)).trim();
      const checked = StoreFile.shape[field].safeParse(answer);
      if (checked.success) {
        answers[field] = answer;
        break;
      }
      context.stderr(`${checked.error.issues[0]?.message ?? 'Please try again.'}\n`);
    }
  }
  const { policies: _none, ...details } = StoreFile.parse(answers);
  return { ...details, policies: {} };
}
