import type { Command } from 'commander';
import { courierProviders } from '../../modules/couriers/registry.js';
import { type CliContext, logChange, storeOption, withStore } from '../context.js';
import { formatTable } from '../format.js';

/** A flag's option key as commander names it: pickup-location → pickupLocation. */
const optionKey = (flag: string) => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

export function addCourierCommands(program: Command, context: CliContext): void {
  const couriers = program
    .command('couriers')
    .description('the courier service that books, labels and tracks parcels (Shiprocket), and its settings');

  couriers
    .command('show')
    .description('the courier service and its settings (secrets are only said to be set)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const shown = await shop.services.couriers.describe(store.id);
        context.stdout(`${formatTable(['SETTING', 'VALUE'], Object.entries(shown))}\n`);
      });
    });

  const set = couriers
    .command('set')
    .description('choose the courier service and give its settings; settings not given keep their value')
    .requiredOption(
      '--provider <name>',
      courierProviders()
        .map((provider) => provider.name)
        .join(', '),
    );
  const flags = new Map<string, string>();
  for (const provider of courierProviders()) {
    for (const field of provider.settings) {
      if (flags.has(field.flag)) continue;
      flags.set(field.flag, field.key);
      set.option(`--${field.flag} <value>`, field.help + (field.fallback ? ` (default ${field.fallback})` : ''));
    }
  }
  set.action(async (options: Record<string, string | undefined>, command: Command) => {
    const given = Object.fromEntries([...flags].map(([flag, key]) => [key, options[optionKey(flag)]]));
    await withStore(context, storeOption(command), async (shop, store) => {
      const { provider, changed } = await shop.services.couriers.configure(store.id, options.provider ?? '', given);
      await logChange(shop, {
        storeId: store.id,
        action: 'store.couriers',
        subject: `store:${store.host}`,
        // Which settings changed, never their secret values.
        after: { provider: provider.name, changed },
      });
      context.stdout(
        `${store.store_name} now books parcels with ${provider.title}: ship a Paid order with \`store orders ship <id> --via ${provider.name}\`.\n` +
          `Set Shiprocket's tracking webhook (Settings → API → Webhooks) to https://api.${store.host}/api/v1/couriers/webhook with your token.\n`,
      );
    });
  });
}
