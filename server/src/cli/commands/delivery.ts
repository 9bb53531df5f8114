import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { readDeliveryRules } from '../../modules/pincodes/delivery-file.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { terminalSafe } from '../format.js';

export function addDeliveryCommands(program: Command, context: CliContext): void {
  const delivery = program
    .command('delivery')
    .description(
      'where the store delivers and how long a parcel takes: zones, transit days, dispatch days, cut-off, holidays',
    );

  delivery
    .command('show')
    .description('print the delivery rules as JSON (the format `delivery set --file` reads)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const { rules, own } = await shop.services.delivery.rulesOf(store.id);
        if (!own) context.stderr(`${store.host} has set no delivery rules: these are the default ones.\n`);
        context.stdout(`${JSON.stringify(rules, null, 2)}\n`);
      });
    });

  delivery
    .command('set')
    .description('replace the delivery rules with those in a JSON file (see README: Delivery rules)')
    .option('--file <rules.json>', 'the rules')
    .option('--default', 'go back to the default rules')
    .action(async (options: { file?: string; default?: boolean }, command: Command) => {
      if (options.default) {
        await withStore(context, storeOption(command), async (shop, store) => {
          await shop.services.delivery.clearRules(store.id);
          await logChange(shop, {
            storeId: store.id,
            action: 'store.delivery',
            subject: `store:${store.host}`,
            after: { rules: 'default' },
          });
          context.stdout(`${store.host} now has the default delivery rules.\n`);
        });
        return;
      }
      if (!options.file) throw new CliError('Give the rules in a file: delivery set --file rules.json (or --default).');
      const where = path.resolve(context.cwd, options.file);
      if (!fs.existsSync(where)) throw new CliError(`No file ${options.file}.`);
      const read = readDeliveryRules(fs.readFileSync(where, 'utf8'));
      if ('problems' in read) {
        throw new CliError(
          [`${options.file} was not saved:`, ...read.problems.map((problem) => `  ${terminalSafe(problem)}`)].join(
            '\n',
          ),
        );
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        await shop.services.delivery.setRules(store.id, read.rules);
        await logChange(shop, {
          storeId: store.id,
          action: 'store.delivery',
          subject: `store:${store.host}`,
          after: { serviceable: read.rules.serviceable, zones: read.rules.zones.length },
        });
        const zones = read.rules.zones.length;
        context.stdout(
          `Saved the delivery rules of ${store.host}: ${read.rules.serviceable === 'all' ? 'every PIN' : 'only the zones’ PINs'}, ${zones} zone${zones === 1 ? '' : 's'}, dispatch ${read.rules.dispatchDays.join(' ')}, cut-off ${read.rules.cutoff} India time, ${read.rules.holidays.length} holiday${read.rules.holidays.length === 1 ? '' : 's'}.\n`,
        );
      });
    });
}
