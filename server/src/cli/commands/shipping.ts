import fs from 'node:fs';
import path from 'node:path';
import { SHIPPING_ZONES, ShippingRules } from '@netkart/contract';
import type { Command } from 'commander';
import { rulesOf } from '../../modules/shipping/service.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';

/** A rules file checked, or every reason it is refused, each naming its field. */
function readRulesFile(context: CliContext, file: string): ShippingRules {
  const where = path.resolve(context.cwd, file);
  if (!fs.existsSync(where)) throw new CliError(`No file ${file}.`);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(where, 'utf8'));
  } catch (error) {
    throw new CliError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ShippingRules.safeParse(json);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(the file)'}: ${issue.message}`);
    throw new CliError([`${file} was not applied:`, ...reasons].join('\n'));
  }
  return parsed.data;
}

export function addShippingCommands(program: Command, context: CliContext): void {
  const shipping = program
    .command('shipping')
    .description('what shipping costs: by zone and weight slab as couriers bill, free from an order value');

  shipping
    .command('show')
    .description('print the shipping rules as JSON (the format `shipping set --file` reads)')
    .action(async (_options, command: Command) => {
      await withStore(context, storeOption(command), async (_shop, store) => {
        const rules = rulesOf(store);
        if (!rules) context.stdout('No shipping rules: shipping is free.\n');
        else context.stdout(`${JSON.stringify(rules, null, 2)}\n`);
      });
    });

  shipping
    .command('set')
    .requiredOption('--file <rules.json>', 'the rules')
    .description('replace the shipping rules with those in a JSON file, checked first')
    .addHelpText(
      'after',
      [
        '',
        'rules.json:',
        '  { "freeFrom": 999,                           # items worth ₹999 or more ship free (null: never)',
        '    "slabs": [                                 # by the greater of dead and volumetric weight (L×B×H cm / 5000 kg)',
        '      { "upToGrams": 500, "price": 49 },       # one price for every zone,',
        '      { "upToGrams": 1000, "price": { "withinCity": 49, "withinState": 59, "metroToMetro": 69, "restOfIndia": 79, "northEastAndJk": 99 } },',
        '      { "price": 149 } ],                      # the last slab: any heavier parcel',
        '    "defaultWeightGrams": 500,                 # for products without a weight',
        '    "defaultDimensionsCm": { "length": 20, "breadth": 15, "height": 5 },  # optional',
        '    "originPincode": "560025" }                # optional: else the PIN in the company address',
        `Zones: ${SHIPPING_ZONES.join(', ')}.`,
      ].join('\n'),
    )
    .action(async (options: { file: string }, command: Command) => {
      const rules = readRulesFile(context, options.file);
      await withStore(context, storeOption(command), async (shop, store) => {
        const before = rulesOf(store);
        await shop.services.shipping.setRules(store.id, rules);
        await logChange(shop, {
          storeId: store.id,
          action: 'store.shipping',
          subject: `store:${store.host}`,
          before: { rules: before ?? null },
          after: { rules },
        });
        context.stdout(`${store.store_name}'s shipping rules are set (${rules.slabs.length} weight slabs).\n`);
      });
    });
}
