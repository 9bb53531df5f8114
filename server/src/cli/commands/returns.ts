import { RETURN_STATUS_LABELS, type Return, ReturnStatus } from '@netkart/contract';
import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { istDay } from '../../shared/india-time.js';
import { formatInr } from '../../shared/money.js';
import { type CliContext, CliError, logChange, type Shop, storeOption, withStore } from '../context.js';
import { formatTable, terminalSafe as safe } from '../format.js';

const BY = { actor: STORE_COMMAND_ACTOR };

/** What the merchant reads after a move: the return's state and what happens next. */
function said(row: Return): string {
  const what = row.kind === 'exchange' ? 'Exchange' : 'Return';
  const head = `${what} ${row.id} (order ${row.orderId}) is now ${RETURN_STATUS_LABELS[row.status].toLowerCase()}`;
  switch (row.status) {
    case 'approved':
      return `${head}: the shopper is emailed. Book its pickup with \`store returns pickup ${row.id} --awb <number>\`, or receive it with \`store returns receive ${row.id}\`.`;
    case 'refused':
      return `${head} (${safe(row.refusalReason ?? '')}): the shopper is emailed.`;
    case 'pickup-booked':
      return `${head}: ${[row.courier, row.awb ? `AWB ${row.awb}` : ''].filter(Boolean).join(', ')}.`;
    case 'received': {
      const note = row.creditNote
        ? ` Credit note ${row.creditNote.number} for ${formatInr(row.creditNote.total)}.`
        : '';
      const next =
        row.kind === 'exchange'
          ? row.exchangeOrderId
            ? ` Replacement order ${row.exchangeOrderId} is Processing, at no charge: ship it as any order.`
            : ' Send the replacement at no charge.'
          : row.refundTo
            ? ` Refund ${formatInr(row.amount)} to ${row.refundTo.upi}.`
            : ` Refund ${formatInr(row.amount)} the way the order was paid.`;
      return `${head}: its items are back in stock.${note}${next}`;
    }
    default:
      return `${head}.`;
  }
}

export function addReturnCommands(program: Command, context: CliContext): void {
  const returns = program
    .command('returns')
    .description(
      "shoppers' returns and exchanges after delivery: approve, refuse, book the pickup, receive; and the rules",
    );

  returns
    .command('list')
    .description('the returns, newest first')
    .option('--status <status>', `only those in this status: ${ReturnStatus.options.join(', ')}`)
    .action(async (options: { status?: string }, command: Command) => {
      const status = options.status === undefined ? undefined : ReturnStatus.safeParse(options.status);
      if (status && !status.success) {
        throw new CliError(`--status is one of ${ReturnStatus.options.join(', ')}, not '${options.status}'.`);
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        const { data } = await shop.services.returns.list(store.id, status?.data ? { status: status.data } : {});
        if (data.length === 0) {
          context.stdout(status?.data ? `No returns are ${status.data}.\n` : 'No returns yet.\n');
          return;
        }
        const table = formatTable(
          ['RETURN', 'ORDER', 'ASKED (IST)', 'KIND', 'ITEMS', 'AMOUNT', 'STATUS', 'REASON'],
          data.map((row) => [
            row.id,
            row.orderId,
            istDay(row.createdAt),
            row.kind,
            row.items.map((item) => `${item.quantity} × ${safe(item.productTitle).slice(0, 30)}`).join('; '),
            formatInr(row.amount),
            row.status,
            safe(row.reason).slice(0, 40),
          ]),
        );
        context.stdout(`${table}\n`);
      });
    });

  const move = (
    name: string,
    description: string,
    run: (shop: Shop, storeId: string, id: string, options: Record<string, string | undefined>) => Promise<Return>,
    configure: (command: Command) => Command = (command) => command,
  ) => {
    const command = returns.command(name).description(description).argument('<return>', 'the return, e.g. 7KX2M9QH4D');
    configure(command).action(async (id: string, options: Record<string, string | undefined>, self: Command) => {
      // The service logs each move in its own transaction, as made by the store command.
      await withStore(context, storeOption(self), async (shop, store) => {
        context.stdout(`${said(await run(shop, store.id, id, options))}\n`);
      });
    });
  };

  move('approve', 'approve a return the shopper asked (the shopper is emailed)', (shop, storeId, id) =>
    shop.services.returns.approve(storeId, id, BY),
  );
  move(
    'refuse',
    'refuse a return, saying why (the shopper is emailed the reason)',
    (shop, storeId, id, options) => shop.services.returns.refuse(storeId, id, options.reason ?? '', BY),
    (command) => command.requiredOption('--reason <text>', 'why the return is refused, as the shopper reads it'),
  );
  move(
    'pickup',
    "book the return's pickup: by hand with the courier's AWB, or --via courier with the store's courier service",
    (shop, storeId, id, options) => {
      const via = options.via ?? 'hand';
      if (via !== 'hand' && via !== 'courier') throw new CliError(`--via is hand or courier, not '${via}'.`);
      return shop.services.returns.bookPickup(
        storeId,
        id,
        {
          via,
          ...(options.courier ? { courier: options.courier } : {}),
          ...(options.awb ? { awb: options.awb } : {}),
        },
        BY,
      );
    },
    (command) =>
      command
        .option('--via <how>', "hand (your own courier) or courier (the store's courier service)", 'hand')
        .option('--courier <name>', 'the courier picking it up, e.g. Delhivery')
        .option('--awb <number>', "the pickup's AWB (tracking number)"),
  );
  move(
    'receive',
    'the parcel came back: its items return to stock, a credit note is issued and the refund is due',
    (shop, storeId, id) => shop.services.returns.receive(storeId, id, BY),
  );

  returns
    .command('rules')
    .description('the return window (days after delivery) and whether exchanges are offered; given options change them')
    .option('--days <n>', 'days after delivery a return may be asked (0: no returns)')
    .option('--exchanges <yes|no>', 'whether shoppers may ask for an exchange')
    .action(async (options: { days?: string; exchanges?: string }, command: Command) => {
      if (options.days !== undefined && (!/^\d+$/.test(options.days) || Number(options.days) > 365)) {
        throw new CliError(`--days is a number of days from 0 to 365, not '${options.days}'.`);
      }
      if (options.exchanges !== undefined && !['yes', 'no'].includes(options.exchanges)) {
        throw new CliError(`--exchanges is yes or no, not '${options.exchanges}'.`);
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        const before = await shop.services.returns.rulesOf(store.id);
        let rules = before;
        if (options.days !== undefined || options.exchanges !== undefined) {
          rules = await shop.services.returns.setRules(store.id, {
            windowDays: options.days === undefined ? before.windowDays : Number(options.days),
            exchanges: options.exchanges === undefined ? before.exchanges : options.exchanges === 'yes',
          });
          await logChange(shop, {
            storeId: store.id,
            action: 'store.returns',
            subject: `store:${store.host}`,
            before: { ...before },
            after: { ...rules },
          });
        }
        context.stdout(
          `${store.store_name} takes returns ${rules.windowDays} day${rules.windowDays === 1 ? '' : 's'} after delivery; exchanges ${rules.exchanges ? 'are' : 'are not'} offered.\n`,
        );
      });
    });
}
