import fs from 'node:fs';
import path from 'node:path';
import { CodRules, formatRupees } from '@netkart/contract';
import type { Command } from 'commander';
import type { RefundRow } from '../../db/schema.js';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { paymentVariableNames } from '../../modules/payments/environment.js';
import { printedSettings, settingsChange } from '../../modules/payments/merchant-settings.js';
import { NEEDS_MERCHANT } from '../../modules/payments/refunds.js';
import { isTestProvider, registeredProviders } from '../../modules/payments/registry.js';
import { REFUND_REFERENCE_MESSAGE } from '../../modules/payments/service.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable } from '../format.js';
import { findOrder } from './find-order.js';

const ENVIRONMENT_VARIABLES = paymentVariableNames().join(', ');

/** A setting's flag, from its key: upiVpa → --upi-vpa. */
const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

export function addPaymentCommands(program: Command, context: CliContext): void {
  const payments = program
    .command('payments')
    .description('which payment provider the store runs, its settings, and payments to refund');

  payments
    .command('show')
    .description('the provider and its settings (secrets are only said to be set)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const shown = printedSettings(store, shop.services.payments);
        context.stdout(`${formatTable(['SETTING', 'VALUE'], Object.entries(shown))}\n`);
        if (store.is_default) {
          context.stdout(`This is the default store: ${ENVIRONMENT_VARIABLES} in the environment override these.\n`);
        }
      });
    });

  const set = payments
    .command('set')
    .description('choose the provider and give its settings; settings not given keep their value')
    .requiredOption(
      '--provider <name>',
      registeredProviders()
        .map((provider) => `${provider.name} (${provider.description})`)
        .join('; '),
    );
  // Each provider's settings are its own flags, declared by the provider.
  for (const provider of registeredProviders()) {
    for (const field of provider.settings.fields) set.option(`${flagOf(field.key)} <value>`, field.help);
  }
  set.action(async (options: Record<string, string | undefined>, command: Command) => {
    await withStore(context, storeOption(command), async (shop, store) => {
      const { provider, config, changed } = settingsChange(store, options.provider ?? '', options);
      await shop.services.stores.updatePayments(store.id, provider.name, config);
      await logChange(shop, {
        storeId: store.id,
        action: 'store.payments',
        subject: `store:${store.host}`,
        before: { provider: store.payment_provider },
        // Which settings changed, never their secret values.
        after: { provider: provider.name, changed },
      });
      context.stdout(`${store.store_name} now takes payments with ${provider.name}.\n`);
      if (provider.test) {
        context.stdout(
          'This is a test gateway: shoppers see a test-mode banner and no real money moves. Do not use it for a real shop.\n',
        );
      }
      if (store.is_default && process.env.PAYMENT_PROVIDER?.trim()) {
        context.stderr(
          `Note: PAYMENT_PROVIDER=${process.env.PAYMENT_PROVIDER.trim()} in the server's environment still wins for the default store.\n`,
        );
      }
    });
  });

  payments
    .command('cod')
    .description(
      'cash on delivery: show the rules, or set them from a JSON file (--file cod.json: enabled, minOrder, maxOrder, fee, pincodes, states, maxUnconfirmedPerShopper; money in rupees)',
    )
    .option('--file <cod.json>', 'the rules, e.g. { "enabled": true, "maxOrder": 10000, "fee": { "flat": 40 } }')
    .action(async (options: { file?: string }, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const before = await shop.services.cod.rulesOf(store.id);
        if (!options.file) {
          context.stdout(`${JSON.stringify(before, null, 2)}\n`);
          return;
        }
        const rules = readCodRules(path.resolve(context.cwd, options.file));
        await shop.services.cod.setRules(store.id, rules);
        await logChange(shop, {
          storeId: store.id,
          action: 'store.cod',
          subject: `store:${store.host}`,
          before,
          after: rules,
        });
        context.stdout(
          rules.enabled
            ? `${store.store_name} now offers cash on delivery${rules.maxOrder === undefined ? '' : ` for orders up to ${formatRupees(rules.maxOrder)}`}${codFeeText(rules)}.\n`
            : `${store.store_name} no longer offers cash on delivery.\n`,
        );
      });
    });

  payments
    .command('list')
    .description('payments recorded for the store, or only the refunds the store owes')
    .option(
      '--needs-refund',
      'only refunds due or failed: paid orders cancelled or returned, payments an order could not take',
    )
    .action(async (options: { needsRefund?: boolean }, command: Command) => {
      if (!options.needsRefund) throw new CliError('Say which payments: --needs-refund.');
      await withStore(context, storeOption(command), async (shop, store) => {
        const due = await shop.services.payments.listNeedingRefund(store.id);
        if (due.length === 0) {
          context.stdout('No refunds are due.\n');
          return;
        }
        const table = formatTable(
          ['ORDER', 'DUE SINCE', 'AMOUNT', 'METHOD', 'PROVIDER', 'REFERENCE', 'STATUS', 'WHY'],
          due.map((refund) => [
            refund.order_id,
            formatDateTime(refund.created_at),
            formatRupees(Number(refund.amount) / 100),
            methodText(refund),
            refund.provider ? `${refund.provider}${isTestProvider(refund.provider) ? ' (TEST)' : ''}` : '-',
            refund.payment_reference ?? '-',
            statusText(refund),
            refund.reason,
          ]),
        );
        context.stdout(
          `${table}\n${due.length} ${due.length === 1 ? 'refund is' : 'refunds are'} due. Once the money is back with the shopper: store payments refunded <order> --reference <UTR>\n`,
        );
      });
    });

  payments
    .command('refunded')
    .description(
      "record that an order's refund was made (by UPI, bank transfer or the provider's dashboard); the shopper is emailed",
    )
    .argument('<order>', 'the order number')
    .option('--reference <utr>', "the transfer's UTR, or the bank's or provider's reference of the refund")
    .option('--amount <rupees>', 'the amount refunded, when less than the amount due (rupees, e.g. 1499.50)')
    .action(async (id: string, options: { reference?: string; amount?: string }, command: Command) => {
      const reference = options.reference?.trim();
      if (!reference) throw new CliError(`Give the refund's reference: --reference <UTR>. ${REFUND_REFERENCE_MESSAGE}`);
      const amount = options.amount === undefined ? undefined : paiseOf(options.amount);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const owed = (await shop.services.payments.refundsOfOrder(store.id, row.id)).filter((refund) =>
          NEEDS_MERCHANT.includes(refund.status),
        );
        if (owed.length === 0) throw new CliError(`Nothing is due to be refunded for order ${row.id}.`);
        const done = await shop.services.payments.recordRefunded(
          store.id,
          row.id,
          { reference, by: STORE_COMMAND_ACTOR, ...(amount === undefined ? {} : { amount }) },
          (trx, before, after) =>
            shop.services.audit.record(trx, {
              storeId: store.id,
              actor: STORE_COMMAND_ACTOR,
              action: 'order.refunded',
              subject: `order:${row.id}`,
              before: { status: before.status, amount: Number(before.amount) / 100 },
              after: { status: after.status, amount: Number(after.amount) / 100, reference },
            }),
        );
        context.stdout(
          `Recorded the refund of ${formatRupees(Number(done.amount) / 100)} for order ${row.id} (reference ${reference}). The shopper is emailed.\n`,
        );
      });
    });
}

/** How the refund goes back, as the merchant reads it. */
const methodText = (refund: RefundRow): string =>
  refund.method === 'gateway'
    ? 'gateway'
    : refund.method === 'by-hand'
      ? 'by you'
      : `${refund.method}${refund.destination ? ` to ${refund.destination}` : ''}`;

/** Where the refund stands: waiting for the gateway, left to the merchant, or failed. */
function statusText(refund: RefundRow): string {
  if (refund.status === 'failed') return 'gateway refund failed';
  if (refund.method === 'gateway' && refund.next_attempt_at) return 'asking the gateway';
  if (refund.method === 'gateway') return `gateway did not refund: ${refund.last_error ?? 'no answer'}`;
  return 'due';
}

/** Rupees as the merchant typed them, in paise; anything else is refused naming the option. */
function paiseOf(text: string): number {
  const value = text.trim().replace(/^₹/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
    throw new CliError(`--amount is rupees more than nothing, like 1499 or 1499.50, not '${text}'.`);
  }
  return Math.round(Number(value) * 100);
}

/** The rules in a JSON file, checked: each problem named by its field. */
function readCodRules(file: string): CodRules {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = CodRules.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new CliError(`${file}: ${where}${issue?.message ?? 'not valid cash-on-delivery rules.'}`);
  }
  return parsed.data;
}

const codFeeText = (rules: CodRules): string => {
  if (!rules.fee) return ', with no fee';
  return 'flat' in rules.fee ? `, with a ${formatRupees(rules.fee.flat)} fee` : `, with a fee of ${rules.fee.percent}%`;
};
