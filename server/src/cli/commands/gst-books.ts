import fs from 'node:fs';
import path from 'node:path';
import { EwayBill, GST_REPORT_FILES, GstMonth } from '@netkart/contract';
import type { Command } from 'commander';
import { gstr1Csv } from '../../modules/invoices/gstr1-csv.js';
import { istDay } from '../../shared/india-time.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { findOrder } from './find-order.js';

/** `store reports gst` and `store invoices signature`: the books an accountant files. */
export function addGstBookCommands(program: Command, context: CliContext): void {
  const reports = program.command('reports').description('reports for the accountant');
  reports
    .command('gst')
    .description(
      "GSTR-1's tables of a month's invoices and credit notes (India time), one CSV each: b2b, b2cl, b2cs, cdnr, cdnur, hsn-b2b, hsn-b2c",
    )
    .requiredOption('--month <YYYY-MM>', 'the month of the return, e.g. 2026-11')
    .requiredOption('--out <folder>', 'the folder to write the CSVs into (made if missing)')
    .action(async (options: { month: string; out: string }, command: Command) => {
      const month = GstMonth.safeParse(options.month);
      if (!month.success) throw new CliError(`--month is a month, YYYY-MM (2026-11), not '${options.month}'.`);
      const folder = path.resolve(context.cwd, options.out);
      await withStore(context, storeOption(command), async (shop, store) => {
        const report = await shop.services.invoices.gstr1(store.id, month.data);
        fs.mkdirSync(folder, { recursive: true });
        for (const file of GST_REPORT_FILES) {
          fs.writeFileSync(path.join(folder, `gstr1-${month.data}-${file}.csv`), gstr1Csv(report, file));
        }
        await logChange(shop, {
          storeId: store.id,
          action: 'reports.gst',
          subject: `gstr1:${month.data}`,
          after: { month: month.data },
        });
        const counts = `${report.b2b.length} B2B, ${report.b2cl.length} B2CL, ${report.b2cs.length} B2CS, ${report.cdnr.length + report.cdnur.length} credit note rows`;
        context.stdout(`Wrote GSTR-1 for ${month.data} (${counts}) to ${folder}\n`);
      });
    });

  const invoices = program.command('invoices').description("the store's invoices");
  invoices
    .command('signature')
    .argument('[png]', 'the signature picture, a PNG of at most 200 KB')
    .option('--remove', 'print no signature from now on')
    .description('the signature printed above "Authorised Signatory" on every invoice (CGST rule 46(q))')
    .action(async (file: string | undefined, options: { remove?: boolean }, command: Command) => {
      if (!file && !options.remove) throw new CliError('Give the signature picture (a PNG file), or --remove.');
      await withStore(context, storeOption(command), async (shop, store) => {
        if (options.remove) {
          await shop.services.invoices.removeSignature(store.id);
          await logChange(shop, {
            storeId: store.id,
            action: 'invoices.signature',
            subject: 'invoice-signature',
            after: { uploaded: false },
          });
          context.stdout('Invoices carry no signature now.\n');
          return;
        }
        const where = path.resolve(context.cwd, file ?? '');
        if (!fs.existsSync(where)) throw new CliError(`No file ${file}.`);
        await shop.services.invoices.setSignature(store.id, fs.readFileSync(where));
        await logChange(shop, {
          storeId: store.id,
          action: 'invoices.signature',
          subject: 'invoice-signature',
          after: { uploaded: true },
        });
        context.stdout('Invoices now carry this signature above "Authorised Signatory".\n');
      });
    });

  invoices
    .command('eway-bill')
    .argument('<order>', 'the order number')
    .requiredOption('--number <digits>', "the e-way bill's 12-digit number")
    .option('--date <YYYY-MM-DD>', 'the day it was generated (default: today, India time)')
    .description(
      "record the e-way bill of an invoiced order's consignment (rule 138, over ₹50,000); the invoice prints it",
    )
    .action(async (id: string, options: { number: string; date?: string }, command: Command) => {
      const bill = EwayBill.safeParse({
        number: options.number,
        date: options.date ?? istDay(new Date()),
      });
      if (!bill.success) throw new CliError(bill.error.issues.map((issue) => issue.message).join(' '));
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const saved = await shop.services.invoices.setEwayBill(store.id, row.id, bill.data);
        await logChange(shop, {
          storeId: store.id,
          action: 'order.eway-bill',
          subject: `order:${row.id}`,
          after: saved,
        });
        context.stdout(`E-way bill ${saved.number} of ${saved.date} recorded for order ${row.id}.\n`);
      });
    });
}
