import path from 'node:path';
import { HIGHLIGHT_ICONS } from '@store/contract';
import type { Command } from 'commander';
import { storeHostOf } from '../../http/store-host.js';
import { toStoreInfo } from '../../modules/stores/service.js';
import { MAX_HIGHLIGHTS, readStoreFile, StoreFile, StoreFileChanges } from '../../modules/stores/store-file.js';
import { type CliContext, CliError, logChange, storeOption, withShop, withStore } from '../context.js';
import { formatTable } from '../format.js';

const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

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
    .command('set')
    .description('change the store details to those in a JSON file; fields left out keep their value')
    .requiredOption('--file <store.json>', 'the details; a policy may be { "file": "policies/refund.html" }')
    .addHelpText(
      'after',
      [
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
      ].join('\n'),
    )
    .action(async (options: { file: string }, command: Command) => {
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
    });

  const stores = program.command('stores').description('the stores this server runs, one per host');

  stores
    .command('list')
    .description('every store with its host')
    .action(async () => {
      await withShop(context, async (shop) => {
        const rows = await shop.services.stores.all();
        context.stdout(
          `${formatTable(
            ['HOST', 'STORE', 'DEFAULT', 'PAYMENTS'],
            rows.map((row) => [row.host, row.store_name, row.is_default ? 'yes' : '', row.payment_provider]),
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
      const given = options.host.trim().toLowerCase();
      if (given.startsWith('api.')) {
        throw new CliError(`Give the shop's own host: '${given.slice(4)}' (its API at '${given}' is found from it).`);
      }
      const host = storeHostOf(given);
      if (!HOST.test(host) || host.length > 253) throw new CliError(`'${options.host}' is not a host name.`);
      const read = readStoreFile(path.resolve(context.cwd, options.file), StoreFile);
      await withShop(context, async (shop) => {
        if (await shop.services.stores.isKnownHost(host)) throw new CliError(`A store already has the host '${host}'.`);
        const isDefault = !(await shop.services.stores.defaultStore());
        await shop.services.stores.create(host, read.info, { isDefault });
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

function noteSanitised(context: CliContext, slugs: string[]): void {
  for (const slug of slugs) context.stderr(`Note: unsafe HTML was removed from the '${slug}' policy.\n`);
}
