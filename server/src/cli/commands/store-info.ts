import path from 'node:path';
import { HIGHLIGHT_ICONS } from '@netkart/contract';
import type { Command } from 'commander';
import {
  extraHostsOf,
  HostError,
  hostWithPort,
  parseExtraHosts,
  parseHost,
} from '../../modules/stores/public-address.js';
import { toStoreInfo } from '../../modules/stores/service.js';
import { MAX_HIGHLIGHTS, readStoreFile, StoreFile, StoreFileChanges } from '../../modules/stores/store-file.js';
import { type CliContext, CliError, logChange, storeOption, withShop, withStore } from '../context.js';
import { formatTable } from '../format.js';

export function addStoreInfoCommands(program: Command, context: CliContext): void {
  const info = program.command('info').description("the store's details: name, company, contact, categories, policies");

  info
    .command('show')
    .description('print the store details as JSON (the format `info set --file` reads)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (_shop, store) => {
        context.stdout(`${JSON.stringify(toStoreInfo(store), null, 2)}\n`);
      });
    });

  info
    .command('set [field] [value]')
    .description(
      'change the store details to those in a JSON file (fields left out keep their value), or its public address: set host <host>, set extra-hosts <a,b>',
    )
    .option('--file <store.json>', 'the details; a policy may be { "file": "policies/refund.html" }')
    .addHelpText(
      'after',
      [
        '',
        'The public address, which every email link, canonical link and sitemap names:',
        '  info set host shop.example.in                          # https://shop.example.in (localhost, an IP or host:port: http)',
        '  info set extra-hosts www.shop.example.in,shop.in       # other hosts the store answers to; "" removes them',
        '',
        'Fields: storeName, companyName, companyAddress, companyEmail, companyPhone, companyLogoUrl, description,',
        'categories (names), categoryImages (name → image address, with a "default" key), policies (terms, privacy,',
        'refund, return, shipping, about → HTML, or { "file": "…" } relative to the JSON file). Policy HTML is sanitised.',
        "The storefront's texts: metaDescription, heroTitle, newsletterTitle, supportHours, and highlights",
        `({ "title": "…", "items": [{ "title", "text", "icon" }] }, at most ${MAX_HIGHLIGHTS} items; icons: ${HIGHLIGHT_ICONS.join(', ')}).`,
        'A store without one shows nothing in its place; null removes one.',
        "The seller's particulars, printed on invoices and shown in the footer and on /contact: legalName, gstin",
        '(checked; its first two digits name the state of registration; null: not registered for GST, so receipts',
        'instead of tax invoices), invoicePrefix (1 to 3 letters or digits; null: from the store name) and',
        'grievanceOfficer ({ "name", "designation", "email", "phone" }).',
        'Search: searchSynonyms, groups of words shoppers use for one another ([["pendrive", "thumb drive"]]);',
        'a search for one finds products that say any of them.',
        'Orders: maxLineQuantity, the most of one product one order may hold (1 to 99; 10 unless set).',
        'BIS: bisCategories, the categories whose products need a BIS R-number (["Cables & Chargers"]);',
        'an import refuses their rows without one.',
      ].join('\n'),
    )
    .action(
      async (field: string | undefined, value: string | undefined, options: { file?: string }, command: Command) => {
        if (field !== undefined) return setAddress(context, storeOption(command), field, value);
        if (!options.file) {
          throw new CliError(
            'Give the details in a file (info set --file store.json), or the address: info set host shop.example.in, info set extra-hosts www.shop.example.in',
          );
        }
        const read = readStoreFile(path.resolve(context.cwd, options.file), StoreFileChanges);
        await withStore(context, storeOption(command), async (shop, store) => {
          const current = toStoreInfo(store);
          const next = { ...current, ...read.info, policies: { ...current.policies, ...read.info.policies } };
          await shop.services.stores.updateInfo(store.id, next);
          noteSanitised(context, read.sanitised);
          const changed = Object.keys(read.info);
          await logChange(shop, {
            storeId: store.id,
            action: 'store.details',
            subject: `store:${store.host}`,
            after: { changed },
          });
          context.stdout(`Updated ${changed.join(', ') || 'nothing'} of ${next.storeName} (${store.host}).\n`);
        });
      },
    );

  const stores = program.command('stores').description('the stores this server runs, one per host');

  stores
    .command('list')
    .description('every store with its host')
    .action(async () => {
      await withShop(context, async (shop) => {
        const rows = await shop.services.stores.all();
        context.stdout(
          `${formatTable(
            ['HOST', 'STORE', 'DEFAULT', 'PAYMENTS', 'ALSO AT'],
            rows.map((row) => [
              hostWithPort(row),
              row.store_name,
              row.is_default ? 'yes' : '',
              row.payment_provider,
              extraHostsOf(row).join(', '),
            ]),
          )}\n`,
        );
      });
    });

  stores
    .command('add')
    .description('add a store for another host (e.g. shop.example, reached by the storefront on that host)')
    .requiredOption('--host <host>', "the shop's host name, without 'api.' and without a port")
    .requiredOption('--file <store.json>', 'its details, in the format of `info set`')
    .action(async (options: { host: string; file: string }) => {
      const { host, port } = cliHost(() => parseHost(options.host));
      const read = readStoreFile(path.resolve(context.cwd, options.file), StoreFile);
      await withShop(context, async (shop) => {
        if (await shop.services.stores.isKnownHost(host)) throw new CliError(`A store already has the host '${host}'.`);
        const isDefault = !(await shop.services.stores.defaultStore());
        await shop.services.stores.create(host, read.info, { isDefault, port });
        noteSanitised(context, read.sanitised);
        context.stdout(
          `Added ${read.info.storeName} at ${host}${isDefault ? ' (the default store)' : ''}. Load its catalogue with: store --store ${host} products import <file>\n`,
        );
        context.stdout(
          `It takes no online payment yet: shoppers can order and are told the shop will contact them. Choose a provider with: store --store ${host} payments set --provider upi --upi-vpa <your UPI id>\n`,
        );
      });
    });
}

/** `info set host …` / `info set extra-hosts …`: the store's public address, refused in one line when wrong or taken. */
async function setAddress(
  context: CliContext,
  storeHost: string | undefined,
  field: string,
  value: string | undefined,
): Promise<void> {
  if (field !== 'host' && field !== 'extra-hosts') {
    throw new CliError(
      `'${field}' is not an address field: give host or extra-hosts (other details: info set --file store.json).`,
    );
  }
  if (value === undefined)
    throw new CliError(
      `Give the value: info set ${field} ${field === 'host' ? 'shop.example.in' : 'www.shop.example.in,shop.in'}`,
    );
  await withStore(context, storeHost, async (shop, store) => {
    const address =
      field === 'host'
        ? { ...cliHost(() => parseHost(value)), extraHosts: extraHostsOf(store) }
        : { host: store.host, port: store.public_port, extraHosts: cliHost(() => parseExtraHosts(value)) };
    await cliHost(() => shop.services.stores.updateAddress(store.id, address));
    await logChange(shop, {
      storeId: store.id,
      action: 'store.address',
      subject: `store:${store.host}`,
      before: { host: hostWithPort(store), extraHosts: extraHostsOf(store) },
      after: { host: hostWithPort({ host: address.host, public_port: address.port }), extraHosts: address.extraHosts },
    });
    const origin = shop.services.stores.publicOrigin({ host: address.host, public_port: address.port });
    const also = address.extraHosts.filter((host) => host !== address.host);
    context.stdout(
      `${store.store_name} is at ${origin}${also.length ? `, also answering to ${also.join(', ')}` : ''}. Its emails, sitemap and canonical links name ${origin}.\n`,
    );
  });
}

/** A host rule's refusal as the command's one-line error. */
function cliHost<T>(work: () => T): T {
  try {
    const result = work();
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw error instanceof HostError ? new CliError(error.message) : error;
      }) as T;
    }
    return result;
  } catch (error) {
    throw error instanceof HostError ? new CliError(error.message) : error;
  }
}

function noteSanitised(context: CliContext, slugs: string[]): void {
  for (const slug of slugs) context.stderr(`Note: unsafe HTML was removed from the '${slug}' policy.\n`);
}
