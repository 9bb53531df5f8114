import { OrderStatus, RETURNED_TO_ORIGIN_REASON } from '@netkart/contract';
import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { statusLabel } from '../../modules/orders/status.js';
import { isCodOrder } from '../../modules/payments/cod/confirmation.js';
import { NOT_COD } from '../../modules/payments/cod/service.js';
import { formatInr, toPaise, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, storeOption, withStore } from '../context.js';
import { findOrder } from './find-order.js';

/** Rupees as a merchant types them: 1499, 1,499 or ₹1,499.50. */
const AMOUNT = /^₹?\s*\d{1,3}(,?\d{2,3})*(\.\d{1,2})?$/;

function amountOf(typed: string): number {
  const trimmed = typed.trim();
  if (!AMOUNT.test(trimmed))
    throw new CliError(`--amount is the rupees the courier collected, e.g. 1499, not '${typed}'.`);
  return Number(trimmed.replace(/[₹,\s]/g, ''));
}

/**
 * `store orders cod-cash` and `store orders rto`: a cash-on-delivery order's cash as the courier
 * remitted it, or its parcel back undelivered; the same rules and audit as the back office's buttons.
 */
export function addCodOrderCommands(orders: Command, context: CliContext): void {
  orders
    .command('cod-cash')
    .description(
      "record the cash a courier collected for a Shipped cash-on-delivery order (the order's total) and its remittance reference; the order becomes Delivered",
    )
    .argument('<id>', 'the order number')
    .requiredOption('--amount <rupees>', "the cash collected: the order's total, e.g. 1499")
    .requiredOption('--reference <ref>', "the courier's remittance reference, e.g. DLV-REM-2027-0042")
    .action(async (id: string, options: { amount: string; reference: string }, command: Command) => {
      const amount = amountOf(options.amount);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        if (!isCodOrder(row.payment_provider)) throw new CliError(`Order ${row.id}: ${NOT_COD}`);
        const reference = options.reference.trim();
        const recorded = await shop.services.cod.recordCash(
          store.id,
          row.id,
          { amount: toPaise(amount), reference },
          STORE_COMMAND_ACTOR,
          (trx, before) =>
            shop.services.audit.record(trx, {
              storeId: store.id,
              actor: STORE_COMMAND_ACTOR,
              action: 'order.cod-cash',
              subject: `order:${before.id}`,
              before: { status: statusLabel(before.status) },
              after: { cashCollected: amount, reference },
            }),
        );
        context.stdout(
          `Recorded ${formatInr(toRupees(Number(recorded.cash_collected)))} collected in cash for order ${row.id} (remittance ${reference}). It is Delivered.\n`,
        );
      });
    });

  orders
    .command('rto')
    .description(
      'mark a Shipped cash-on-delivery order returned to origin (the parcel came back undelivered): cancelled, its items back in stock',
    )
    .argument('<id>', 'the order number')
    .action(async (id: string, _options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        if (!isCodOrder(row.payment_provider)) throw new CliError(`Order ${row.id}: ${NOT_COD}`);
        if (row.status !== OrderStatus.Shipped) {
          throw new CliError(
            `Order ${row.id} is ${statusLabel(row.status)}: only a Shipped order can be marked returned to origin.`,
          );
        }
        await shop.services.cod.returnedToOrigin(store.id, row.id, STORE_COMMAND_ACTOR, (trx, before) =>
          shop.services.audit.record(trx, {
            storeId: store.id,
            actor: STORE_COMMAND_ACTOR,
            action: 'order.rto',
            subject: `order:${before.id}`,
            before: { status: statusLabel(before.status) },
            after: { status: statusLabel(OrderStatus.Cancelled), reason: RETURNED_TO_ORIGIN_REASON },
          }),
        );
        context.stdout(
          `Order ${row.id} is now Cancelled (${RETURNED_TO_ORIGIN_REASON}); its items are back in stock.\n`,
        );
      });
    });
}
