import fs from 'node:fs';
import path from 'node:path';
import { CodRules, formatRupees } from '@netkart/contract';
import type { Command } from 'commander';
import { paymentVariableNames } from '../../modules/payments/environment.js';
import { printedSettings, settingsChange } from '../../modules/payments/merchant-settings.js';
import { isTestProvider, registeredProviders } from '../../modules/payments/registry.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable } from '../format.js';

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
    .description('payments recorded for the store, or only those that need a refund')
    .option('--needs-refund', 'only payments taken for orders that could not take them (cancelled, already paid …)')
    .action(async (options: { needsRefund?: boolean }, command: Command) => {
      if (!options.needsRefund) throw new CliError('Say which payments: --needs-refund.');
      await withStore(context, storeOption(command), async (shop, store) => {
        const due = await shop.services.payments.listNeedingRefund(store.id);
        if (due.length === 0) {
          context.stdout('No payments need a refund.\n');
          return;
        }
        const table = formatTable(
          ['ORDER', 'PAID', 'PROVIDER', 'REFERENCE', 'AMOUNT', 'WHY'],
          due.map((payment) => [
            payment.order_id,
            formatDateTime(payment.created_at),
            isTestProvider(payment.provider) ? `${payment.provider} (TEST)` : payment.provider,
            payment.reference,
            formatInr(toRupees(Number(payment.amount))),
            payment.reason,
          ]),
        );
        context.stdout(
          `${table}\n${due.length} ${due.length === 1 ? 'payment needs' : 'payments need'} a refund through the provider.\n`,
        );
      });
    });
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
