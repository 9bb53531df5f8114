import type { Command } from 'commander';
import { paymentConfigOf, providerNameOf, storedPaymentConfig } from '../../modules/payments/provider.js';
import { describePaymentSettings, mergedPaymentConfig, PaymentSettingsInput } from '../../modules/payments/settings.js';
import { type CliContext, CliError, storeOption, withStore } from '../context.js';
import { formatTable } from '../format.js';

export function addPaymentCommands(program: Command, context: CliContext): void {
  const payments = program.command('payments').description('which payment provider the store runs, and its settings');

  payments
    .command('show')
    .description('the provider and its settings (secrets are only said to be set)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (_shop, store) => {
        const shown = describePaymentSettings(store, paymentConfigOf(store), providerNameOf(store));
        context.stdout(`${formatTable(['SETTING', 'VALUE'], Object.entries(shown))}\n`);
        if (store.is_default) {
          context.stdout(
            'This is the default store: PAYMENT_PROVIDER, UPI_VPA, UPI_PAYEE, PAYU_KEY, PAYU_SALT and PAYU_URL in the environment override these.\n',
          );
        }
      });
    });

  payments
    .command('set')
    .description('choose the provider and give its settings; settings not given keep their value')
    .requiredOption('--provider <name>', 'sandbox (a test gateway), upi (your UPI id) or payu (PayU hosted checkout)')
    .option('--upi-vpa <id>', 'the UPI id that receives payments, e.g. netkart@okaxis')
    .option('--upi-payee <name>', 'the name payers see in their UPI app (default: the store name)')
    .option('--payu-key <key>', 'your PayU merchant key')
    .option('--payu-salt <salt>', 'your PayU salt (stored on the server only; never shown again)')
    .option('--payu-url <url>', "PayU's _payment address, e.g. https://secure.payu.in/_payment")
    .action(async (options: Record<string, string | undefined>, command: Command) => {
      const checked = PaymentSettingsInput.safeParse(options);
      if (!checked.success) throw new CliError(checked.error.issues.map((issue) => issue.message).join(' '));
      await withStore(context, storeOption(command), async (shop, store) => {
        const config = mergedPaymentConfig(storedPaymentConfig(store), checked.data);
        await shop.services.stores.updatePayments(store.id, checked.data.provider, config);
        context.stdout(`${store.store_name} now takes payments with ${checked.data.provider}.\n`);
        if (store.is_default && process.env.PAYMENT_PROVIDER?.trim()) {
          context.stderr(
            `Note: PAYMENT_PROVIDER=${process.env.PAYMENT_PROVIDER.trim()} in the server's environment still wins for the default store.\n`,
          );
        }
      });
    });
}
