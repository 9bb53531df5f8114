import type { Command } from 'commander';
import { PAYMENT_PROVIDER_REGISTRY, registeredProviders } from '../../modules/payments/registry.js';
import { isTestProvider } from '../../modules/payments/service.js';
import {
  describePaymentSettings,
  mergedPaymentConfig,
  PaymentSettingsInput,
  SETTING_VARIABLES,
  storedPaymentConfig,
} from '../../modules/payments/settings.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { formatDateTime, formatTable } from '../format.js';

const ENVIRONMENT_VARIABLES = ['PAYMENT_PROVIDER', ...Object.values(SETTING_VARIABLES)].join(', ');

export function addPaymentCommands(program: Command, context: CliContext): void {
  const payments = program
    .command('payments')
    .description('which payment provider the store runs, its settings, and payments to refund');

  payments
    .command('show')
    .description('the provider and its settings (secrets are only said to be set)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const service = shop.services.payments;
        const shown = describePaymentSettings(store, service.configFor(store), service.providerNameFor(store));
        context.stdout(`${formatTable(['SETTING', 'VALUE'], Object.entries(shown))}\n`);
        if (store.is_default) {
          context.stdout(`This is the default store: ${ENVIRONMENT_VARIABLES} in the environment override these.\n`);
        }
      });
    });

  payments
    .command('set')
    .description('choose the provider and give its settings; settings not given keep their value')
    .requiredOption(
      '--provider <name>',
      registeredProviders()
        .map((provider) => `${provider.name} (${provider.description})`)
        .join('; '),
    )
    .option('--upi-vpa <id>', 'the UPI id that receives payments, e.g. netkart@okaxis')
    .option('--upi-payee <name>', 'the name payers see in their UPI app (default: the store name)')
    .option('--payu-key <key>', 'your PayU merchant key')
    .option('--payu-salt <salt>', 'your PayU salt (stored on the server only; never shown again)')
    .option('--payu-url <url>', "PayU's _payment address, e.g. https://secure.payu.in/_payment")
    .action(async (options: Record<string, string | undefined>, command: Command) => {
      const checked = PaymentSettingsInput.safeParse(options);
      if (!checked.success) throw new CliError(checked.error.issues.map((issue) => issue.message).join(' '));
      const provider = PAYMENT_PROVIDER_REGISTRY[checked.data.provider];
      await withStore(context, storeOption(command), async (shop, store) => {
        const config = mergedPaymentConfig(storedPaymentConfig(store), checked.data);
        const ready = provider.settings.safeParse(config);
        if (!ready.success) throw new CliError(ready.error.issues.map((issue) => issue.message).join(' '));
        await shop.services.stores.updatePayments(store.id, provider.name, config);
        await logChange(shop, {
          storeId: store.id,
          action: 'store.payments',
          subject: `store:${store.host}`,
          before: { provider: store.payment_provider },
          // Which settings changed, never their secret values.
          after: {
            provider: provider.name,
            changed: Object.keys(checked.data).filter((key) => key !== 'provider' && options[key] !== undefined),
          },
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
