import type { Command } from 'commander';
import { type CliContext, logChange, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable, terminalSafe as safe } from '../format.js';

/** A long cell cut to fit a terminal's table. */
const cut = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);

export function addMailCommands(program: Command, context: CliContext): void {
  const mail = program.command('mail').description("the store's emails: what was sent, what waits, and what failed");

  mail
    .command('list')
    .description('the latest emails, newest first')
    .option('--failed', 'only the emails given up after a day of attempts')
    .action(async (options: { failed?: boolean }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const rows = await shop.services.outbox.list(store.id, { failed: options.failed === true });
        if (rows.length === 0) {
          context.stdout(options.failed ? 'No email has failed.\n' : 'No emails yet.\n');
          return;
        }
        const table = formatTable(
          ['ID', 'WHEN', 'TO', 'SUBJECT', 'STATUS', 'ATTEMPTS', 'LAST ERROR'],
          rows.map((row) => [
            row.id,
            formatDateTime(row.created_at),
            row.recipient,
            cut(row.subject, 60),
            row.status,
            String(row.attempts),
            cut(row.last_error ?? '', 60),
          ]),
        );
        context.stdout(`${table}\n`);
      });
    });

  mail
    .command('retry')
    .description('send a failed or waiting email again now (or all of them, once the mail server works again)')
    .argument('[id]', 'the email id, from `mail list`')
    .option('--all', 'every failed or waiting email of the store')
    .action(async (id: string | undefined, options: { all?: boolean }, command: Command) => {
      if (Boolean(id) === Boolean(options.all)) command.error('Give an email id from `mail list`, or --all.');
      await withStore(context, storeOption(command), async (shop, store) => {
        if (!id) {
          const count = await shop.services.outbox.retryAll(store.id);
          await logChange(shop, { storeId: store.id, action: 'mail.retry', subject: 'mail:all', after: { count } });
          context.stdout(
            count
              ? `${count} ${count === 1 ? 'email is' : 'emails are'} due now; the shop sends them within a minute.\n`
              : 'No email is waiting or failed.\n',
          );
          return;
        }
        const row = await shop.services.outbox.retry(store.id, id.trim());
        await logChange(shop, {
          storeId: store.id,
          action: 'mail.retry',
          subject: `mail:${row.id}`,
          after: { status: row.status },
        });
        context.stdout(`The email "${safe(row.subject)}" is due now; the shop sends it within a minute.\n`);
      });
    });
}
