import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import type { ListedPincode } from '../../modules/pincodes/directory-file.js';
import { type CliContext, CliError, withShop } from '../context.js';
import { terminalSafe } from '../format.js';

/** The header names a PIN file may use (India Post's own directory writes districtname and statename). */
const COLUMNS: Record<keyof ListedPincode, string[]> = {
  pincode: ['pincode', 'pin', 'pin code'],
  district: ['district', 'districtname'],
  state: ['state', 'statename'],
};

/** A CSV file's rows as PIN rows, by their header's names (case aside); refused without the three columns. */
export function readPincodeCsv(text: string): ListedPincode[] {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new CliError(`The file is not readable CSV: ${(error as Error).message}`);
  }
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase());
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, names]) => [field, header.findIndex((name) => names.includes(name))]),
  ) as Record<keyof ListedPincode, number>;
  const missing = Object.entries(at).filter(([, index]) => index < 0);
  if (missing.length > 0) {
    throw new CliError(
      `The file's first line must name the columns pincode, district and state (missing: ${missing.map(([field]) => field).join(', ')}).`,
    );
  }
  return records.slice(1).map((record) => ({
    pincode: record[at.pincode] ?? '',
    district: record[at.district] ?? '',
    state: record[at.state] ?? '',
  }));
}

export function addPincodeCommands(program: Command, context: CliContext): void {
  const pincodes = program
    .command('pincodes')
    .description(
      "India's PIN directory (every store's): each PIN's district and state, which checkout and invoices use",
    );

  pincodes
    .command('import')
    .argument('<csv>', 'a CSV file with the columns pincode,district,state (more columns are ignored)')
    .description(
      "add or correct PIN codes; states are brought up to today's (Telangana, Ladakh, Dadra and Nagar Haveli and Daman and Diu). With any bad row, nothing is written",
    )
    .action(async (file: string) => {
      const where = path.resolve(context.cwd, file);
      if (!fs.existsSync(where)) throw new CliError(`No file ${file}.`);
      const rows = readPincodeCsv(fs.readFileSync(where, 'utf8'));
      if (rows.length === 0) throw new CliError(`${file} has no PIN codes after its header.`);
      await withShop(context, async (shop) => {
        await shop.services.pincodes.ensureLoaded();
        const result = await shop.services.pincodes.importRows(rows);
        if (result.refused.length > 0) {
          const shown = result.refused.slice(0, 20).map((row) => `  line ${row.line}: ${terminalSafe(row.reason)}`);
          const more = result.refused.length > 20 ? [`  … and ${result.refused.length - 20} more`] : [];
          throw new CliError(
            [`${result.refused.length} of ${rows.length} rows refused; nothing was imported:`, ...shown, ...more].join(
              '\n',
            ),
          );
        }
        context.stdout(
          `Imported ${rows.length} PIN codes: ${result.added} added, ${result.updated} changed, ${result.unchanged} unchanged.\n`,
        );
      });
    });

  pincodes
    .command('show')
    .argument('<pin>', 'a 6-digit PIN code')
    .description("a PIN's district, state and GST state code")
    .action(async (pin: string) => {
      await withShop(context, async (shop) => {
        await shop.services.pincodes.ensureLoaded();
        const known = await shop.services.pincodes.lookup(pin.trim());
        if (!known) throw new CliError(`PIN code ${terminalSafe(pin)} is not in the directory.`);
        context.stdout(`${known.pincode}  ${known.district}, ${known.state} (state code ${known.stateCode})\n`);
      });
    });
}
