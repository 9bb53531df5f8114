import { once } from 'node:events';
import path from 'node:path';
import { Email } from '@netkart/contract';
import type { Command } from 'commander';
import { stringify } from 'csv-stringify/sync';
import type { SubscriberRow } from '../../db/schema.js';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { csvTextCell as text } from '../../shared/csv-cell.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { openOutput } from './products.js';

export const SUBSCRIBER_COLUMNS = ['email', 'subscribedAt', 'consentText'] as const;

const csvRows = (rows: SubscriberRow[], linkOf?: (row: SubscriberRow) => string) =>
  stringify(
    rows.map((row) => [text(row.email), row.subscribed_at, text(row.consent_text), ...(linkOf ? [linkOf(row)] : [])]),
  );

export function addSubscriberCommands(program: Command, context: CliContext): void {
  const subscribers = program
    .command('subscribers')
    .description('the newsletter list: who subscribed, with the notice each one agreed to');

  subscribers
    .command('export')
    .description('write the subscribed addresses (never those who unsubscribed) as CSV: email,subscribedAt,consentText')
    .option('--out <file>', 'write to this file instead of the standard output')
    .option('--no-bom', 'leave out the byte-order mark that tells Excel a CSV file is UTF-8')
    .option('--links', "add an unsubscribeUrl column: each subscriber's own link, for every newsletter you send them")
    .action(async (options: { out?: string; bom: boolean; links?: boolean }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const output = options.out ? openOutput(path.resolve(context.cwd, options.out)) : undefined;
        const write = async (text: string) => {
          if (!output) context.stdout(text);
          else if (!output.write(text)) await once(output, 'drain');
        };
        let count = 0;
        try {
          // Without the mark, Excel reads UTF-8 as the PC's own code page: Hindi text and ₹ turn to garbage.
          if (options.bom) await write('\uFEFF');
          const { newsletter } = shop.services;
          const linkOf = options.links ? (row: SubscriberRow) => newsletter.linkOf(store, row) : undefined;
          await write(stringify([[...SUBSCRIBER_COLUMNS, ...(linkOf ? ['unsubscribeUrl'] : [])]]));
          for await (const rows of newsletter.subscribedInBatches(store.id)) {
            await write(csvRows(rows, linkOf));
            count += rows.length;
          }
        } finally {
          if (output) await new Promise((resolve) => output.end(resolve));
        }
        await shop.services.audit.recordNow({
          storeId: store.id,
          actor: STORE_COMMAND_ACTOR,
          action: 'subscribers.export',
          subject: 'subscribers',
          after: { subscribers: count },
        });
        if (options.out) context.stderr(`Exported ${count} subscribers to ${options.out}.\n`);
      });
    });

  subscribers
    .command('count')
    .description('how many addresses are subscribed, and how many have unsubscribed')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const { subscribed, withdrawn } = await shop.services.newsletter.count(store.id);
        context.stdout(`${subscribed} subscribed; ${withdrawn} unsubscribed.\n`);
      });
    });

  subscribers
    .command('remove')
    .description('unsubscribe an address, e.g. a shopper who asked by email or phone')
    .argument('<email>', 'the subscribed address')
    .action(async (email: string, _options, command: Command) => {
      const parsed = Email.safeParse(email);
      if (!parsed.success) throw new CliError(`'${email}' is not an email address.`);
      await withStore(context, storeOption(command), async (shop, store) => {
        if (!(await shop.services.newsletter.unsubscribeEmail(store.id, parsed.data))) {
          throw new CliError(`${parsed.data} is not subscribed.`);
        }
        await logChange(shop, {
          storeId: store.id,
          action: 'subscriber.remove',
          subject: `subscriber:${parsed.data}`,
          before: { subscribed: true },
          after: { subscribed: false },
        });
        context.stdout(`${parsed.data} is unsubscribed.\n`);
      });
    });
}
