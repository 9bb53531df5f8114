import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import {
  type CatalogueFormat,
  catalogueWriter,
  checkCatalogueFile,
  MAX_STOCK,
  readInWorker,
  type VariantGroup,
} from '../../modules/catalog/import/index.js';
import type { CatalogService } from '../../modules/catalog/service.js';
import { bisCategoriesOf, toStoreInfo } from '../../modules/stores/service.js';
import { type CliContext, CliError, logChange, type Shop, storeOption, withStore } from '../context.js';
import { outFileOf, withOutOption } from '../out-option.js';

export function addProductCommands(program: Command, context: CliContext): void {
  const products = program.command('products').description('the catalogue: import, export, stock and visibility');

  products
    .command('import')
    .description('create or update products by SKU from a CSV or JSON file (the columns are in the README)')
    .argument('<file>', 'a .csv or .json catalogue')
    .option('--dry-run', 'check the file and tell what would change, writing nothing')
    .option('--skip-invalid', 'import the good rows even when some are bad')
    .option('--strict', 'refuse the file when it has warnings too (a new category, a likely typo, not UTF-8)')
    .action(
      async (
        file: string,
        options: { dryRun?: boolean; skipInvalid?: boolean; strict?: boolean },
        command: Command,
      ) => {
        const source = path.resolve(context.cwd, file);
        checkCatalogueFile(source);
        const where = (line: number) => (line ? `Line ${line}` : file);
        await withStore(context, storeOption(command), async (shop, store) => {
          // One pass over the file, in a worker thread: each row checked, and staged here when good while
          // the thread reads on. Nothing is written unless the whole file is good (or --skip-invalid),
          // which is known at its end: `beforeWriting` decides.
          const knownCategories = [
            ...toStoreInfo(store).categories,
            ...(await shop.services.catalog.categories(store.id)),
          ];
          const reading = progressBar(context, 'Reading');
          let writing: ReturnType<typeof progressBar>;
          let good = 0;
          let bad = 0;
          let variants: VariantGroup[] = [];
          let started = false;
          const reader = readInWorker(
            {
              file: source,
              mediaDirs: context.mediaDirs?.(),
              knownCategories,
              gstin: store.gstin,
              bisCategories: bisCategoriesOf(store),
            },
            (done, total) => {
              if (!started) reading?.start(total, 0);
              started = true;
              reading?.update(done);
            },
          );
          const counts = await shop.services.catalog
            .importMany(store.id, reader.rows, {
              dryRun: options.dryRun ?? false,
              beforeWriting: async () => {
                reading?.stop();
                const checked = reader.checked();
                variants = checked.variants;
                // A variant's SKU may not be another product's in the shop: known only against the catalogue.
                const problems = [
                  ...checked.problems,
                  ...(await shop.services.catalog.variantProblems(store.id, variants)),
                ].sort((a, b) => a.line - b.line);
                good = checked.good;
                bad = problems.length;
                for (const problem of problems) context.stderr(`${where(problem.line)}: ${problem.message}\n`);
                if (bad && !options.skipInvalid) {
                  throw new CliError(
                    `Nothing was imported: ${bad} ${bad === 1 ? 'row has a problem' : 'rows have problems'} (above). Fix ${bad === 1 ? 'it' : 'them'}, or run again with --skip-invalid to import the ${good} good ${good === 1 ? 'row' : 'rows'}.`,
                  );
                }
                if (good === 0) throw new CliError(`${file} holds no products to import.`);
                const warnings = checked.warnings;
                for (const warning of warnings) context.stderr(`${where(warning.line)}: warning: ${warning.message}\n`);
                if (warnings.length && options.strict) {
                  throw new CliError(
                    `Nothing was imported: ${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'} (above), and --strict refuses them.`,
                  );
                }
                writing = progressBar(context, 'Writing');
                writing?.start(good, 0);
              },
              onWritten: (done) => writing?.update(done),
            })
            .finally(() => {
              reading?.stop();
              writing?.stop();
            });
          // Each product's variants, once the products are in: all of them in one transaction.
          if (!options.dryRun && variants.length) await shop.services.catalog.importVariants(store.id, variants);
          if (!options.dryRun) {
            await logChange(shop, {
              storeId: store.id,
              action: 'product.import',
              subject: `catalogue:${path.basename(file)}`,
              after: { created: counts.created, updated: counts.updated, unchanged: counts.unchanged },
            });
          }
          const summary = `${counts.created} new, ${counts.updated} updated, ${counts.unchanged} unchanged${bad ? `, ${bad} skipped` : ''}`;
          if (options.dryRun) {
            for (const change of counts.changes ?? []) {
              context.stdout(
                change.change === 'new'
                  ? `  new     ${change.sku}\n`
                  : `  update  ${change.sku}: ${change.fields.join(', ')}\n`,
              );
            }
          }
          context.stdout(
            options.dryRun
              ? `Dry run: ${good} products checked; importing would give ${summary}. Nothing was written.\n`
              : `Imported ${good} products into ${store.store_name}: ${summary}.\n`,
          );
        });
      },
    );

  withOutOption(
    products
      .command('export')
      .description('write the whole catalogue, hidden products too, in the format `import` reads')
      .option('--format <format>', 'csv or json (default: from the --out name, else csv)'),
    'write to this file instead of the standard output',
  )
    .option('--no-bom', 'leave out the byte-order mark that tells Excel a CSV file is UTF-8')
    .action(async (options: { format?: string; out?: string; output?: string; bom: boolean }, command: Command) => {
      const outFile = outFileOf(options, context);
      const format = exportFormat({ ...options, outFile });
      await withStore(context, storeOption(command), async (shop, store) => {
        const output = outFile ? openOutput(path.resolve(context.cwd, outFile)) : undefined;
        const write = async (text: string) => {
          if (!output) context.stdout(text);
          else if (!output.write(text)) await once(output, 'drain');
        };
        const writer = catalogueWriter(format);
        let count = 0;
        try {
          // Without the mark, Excel reads UTF-8 as the PC's own code page: Hindi titles and ₹ turn to garbage.
          if (format === 'csv' && options.bom) await write('\uFEFF');
          await write(writer.start());
          for await (const { records, products } of shop.services.catalog.recordsInBatches(store.id)) {
            await write(writer.records(records));
            count += products;
          }
          await write(writer.end());
        } finally {
          if (output) await new Promise((resolve) => output.end(resolve));
        }
        await shop.services.audit.recordNow({
          storeId: store.id,
          actor: STORE_COMMAND_ACTOR,
          action: 'catalogue.export',
          subject: 'catalogue',
          after: { format, products: count },
        });
        if (outFile) context.stderr(`Exported ${count} products to ${outFile}.\n`);
      });
    });

  products
    .command('stock')
    .description('set how many of a product are in stock')
    .argument('<sku>', "the product's SKU")
    .argument('<count>', 'the number in stock now')
    .action(async (sku: string, count: string, _options, command: Command) => {
      if (!/^\d+$/.test(count) || Number(count) > MAX_STOCK) {
        throw new CliError(`The stock must be a whole number from 0 to ${MAX_STOCK}, not '${count}'.`);
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        await changeProduct(shop, store.id, sku, { stock: Number(count) });
        context.stdout(`${sku}: ${Number(count)} in stock.\n`);
      });
    });

  products
    .command('delete')
    .description('delete a product that no order refers to (an ordered one can only be hidden)')
    .argument('<sku>', "the product's SKU")
    .action(async (sku: string, _options, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const found = await shop.services.catalog.findSku(store.id, sku);
        if (!found) throw new CliError(`No product has the SKU '${sku}'.`);
        const result = await shop.services.catalog.deleteBySkus(store.id, [found.sku], { hideOrdered: false });
        if (result.missing.length) throw new CliError(`No product has the SKU '${sku}'.`);
        if (result.ordered.length) {
          throw new CliError(
            `${sku} is in orders, so it stays for their records. Take it off the shop instead: products hide ${sku}`,
          );
        }
        await logChange(shop, { storeId: store.id, action: 'product.delete', subject: `product:${found.sku}` });
        context.stdout(`${sku} is deleted.\n`);
      });
    });

  for (const [name, hidden] of [
    ['hide', true],
    ['show', false],
  ] as const) {
    products
      .command(name)
      .description(
        hidden ? 'take a product off the shop (it keeps its data and orders)' : 'put a hidden product back on the shop',
      )
      .argument('<sku>', "the product's SKU")
      .action(async (sku: string, _options, command: Command) => {
        await withStore(context, storeOption(command), async (shop, store) => {
          await changeProduct(shop, store.id, sku, { hidden });
          context.stdout(`${sku} is ${hidden ? 'hidden from' : 'shown in'} the shop.\n`);
        });
      });
  }
}

async function changeProduct(
  shop: Shop,
  storeId: string,
  sku: string,
  change: Parameters<CatalogService['updateBySku']>[2],
): Promise<void> {
  const found = await shop.services.catalog.findSku(storeId, sku);
  if (!found && change.stock !== undefined) {
    // A variant's SKU: its own stock, its product's sum with it.
    const variant = await shop.services.catalog.setVariantStock(storeId, sku, change.stock);
    if (variant) {
      await logChange(shop, {
        storeId,
        action: 'product.stock',
        subject: `variant:${variant.sku}`,
        before: { stock: variant.before },
        after: { stock: change.stock },
      });
      return;
    }
  }
  const before = found ? await shop.services.catalog.getAny(storeId, found.id) : undefined;
  if (!before || !(await shop.services.catalog.updateBySku(storeId, sku, change))) {
    throw new CliError(`No product has the SKU '${sku}'.`);
  }
  await logChange(shop, {
    storeId,
    action: change.stock !== undefined ? 'product.stock' : 'product.update',
    subject: `product:${before.sku}`,
    before: change.stock !== undefined ? { stock: before.stock } : { hidden: before.hidden === 1 },
    after: { ...change },
  });
}

/** Opened up front, so a folder that does not exist is a clear error before anything is read. */
export function openOutput(file: string): fs.WriteStream {
  let fd: number;
  try {
    fd = fs.openSync(file, 'w');
  } catch (error) {
    throw new CliError(`Cannot write ${file}: ${(error as Error).message}`);
  }
  return fs.createWriteStream(file, { fd });
}

function exportFormat(options: { format?: string; outFile?: string | undefined }): CatalogueFormat {
  // Without --format, the output file's extension decides; standard output gets CSV.
  const format = (options.format ?? path.extname(options.outFile ?? '').slice(1)).toLowerCase() || 'csv';
  if (format !== 'csv' && format !== 'json') {
    throw new CliError(`The format is csv or json, not '${options.format ?? format}'.`);
  }
  return format;
}

/** A bar on the merchant's terminal; nothing when the output goes to a file or a pipe. */
function progressBar(context: CliContext, label: string): SingleBar | undefined {
  if (!context.progress) return undefined;
  return new SingleBar({
    stream: context.progress,
    format: `${label.padEnd(8)} [{bar}] {percentage}%`,
    hideCursor: true,
    clearOnComplete: true,
  });
}
