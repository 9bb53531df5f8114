import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { istMinute } from '../../shared/india-time.js';
import { type CliContext, CliError, storeOption, withStore } from '../context.js';
import { formatTable, terminalSafe as safe } from '../format.js';

/** A long cell cut to fit a terminal's table. */
const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

export function addTicketCommands(program: Command, context: CliContext): void {
  const tickets = program
    .command('tickets')
    .description('messages from the contact form, each numbered for the shopper to quote');

  tickets
    .command('list')
    .description('the latest tickets, newest first')
    .option('--open', 'only the tickets not yet handled')
    .option('--limit <n>', 'at most this many tickets', '50')
    .action(async (options: { open?: boolean; limit: string }, command: Command) => {
      if (!/^\d+$/.test(options.limit) || Number(options.limit) < 1 || Number(options.limit) > 10_000) {
        throw new CliError(`--limit is a number from 1 to 10000, not '${options.limit}'.`);
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        const { rows } = await shop.services.contact.list(store.id, {
          status: options.open ? 'open' : undefined,
          offset: 0,
          limit: Number(options.limit),
        });
        if (rows.length === 0) {
          context.stdout(options.open ? 'No open tickets.\n' : 'No tickets yet.\n');
          return;
        }
        const table = formatTable(
          ['NUMBER', 'WHEN (IST)', 'NAME', 'EMAIL', 'SUBJECT', 'STATUS'],
          rows.map((row) => [
            row.number,
            istMinute(row.created_at),
            cut(row.name, 30),
            row.email,
            cut(row.subject, 50),
            row.status,
          ]),
        );
        context.stdout(`${table}\n`);
      });
    });

  tickets
    .command('show')
    .description("one ticket with the shopper's message")
    .argument('<number>', 'the ticket number, e.g. T-000042')
    .action(async (number: string, _options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await shop.services.contact.find(store.id, number);
        context.stdout(
          [
            `Ticket:  ${row.number} (${row.status})`,
            `When:    ${istMinute(row.created_at)} IST`,
            `From:    ${safe(row.name)} <${safe(row.email)}>`,
            `Subject: ${safe(row.subject)}`,
            '',
            // The message keeps the shopper's lines and tabs, nothing a terminal would obey.
            safe(row.message, { multiline: true }),
            '',
          ].join('\n'),
        );
      });
    });

  tickets
    .command('close')
    .description('mark a ticket as handled')
    .argument('<number>', 'the ticket number, e.g. T-000042')
    .action(async (number: string, _options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await shop.services.contact.close(store.id, number, STORE_COMMAND_ACTOR);
        context.stdout(`Ticket ${row.number} from ${safe(row.name)} is marked as handled.\n`);
      });
    });
}
