import fs from 'node:fs';
import path from 'node:path';
import { InvoiceCopyQuery, OrderStatus } from '@netkart/contract';
import type { Command } from 'commander';
import type { OrderRow } from '../../db/schema.js';
import { STORE_COMMAND_ACTOR } from '../../modules/audit/service.js';
import { fileNameOf } from '../../modules/invoices/numbering.js';
import { statusLabel } from '../../modules/orders/status.js';
import { formatInr, toRupees } from '../../shared/money.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { outFileOf, withOutOption } from '../out-option.js';
import { findOrder } from './find-order.js';
import { addCodOrderCommands } from './order-cod.js';
import { confirmCancel, moveOrder } from './order-moves.js';
import { describeShipment, type ShipmentOptions, shipmentOf } from './order-shipment.js';
import { type ListOptions, listOrders } from './orders-list.js';
import { showOrder } from './orders-show.js';

/** Books a Paid order with the store's courier service (or resumes its booking): Shipped with its AWB. */
async function shipVia(context: CliContext, host: string | undefined, id: string, via: string): Promise<void> {
  await withStore(context, host, async (shop, store) => {
    const row = await findOrder(shop, store, id);
    const { order } = await shop.services.couriers.ship(store.id, row.id, { actor: STORE_COMMAND_ACTOR }, via.trim());
    await logChange(shop, {
      storeId: store.id,
      action: 'order.shipped',
      subject: `order:${row.id}`,
      before: { status: statusLabel(row.status) },
      after: {
        status: statusLabel(order.status),
        courier: order.courier,
        trackingNumber: order.tracking_number,
        trackingUrl: order.tracking_url,
      },
    });
    context.stdout(
      `Order ${order.id} is now Shipped by ${order.courier}, AWB ${order.tracking_number} (${order.tracking_url}); pickup is asked for.\n` +
        `Print its label: store orders label ${order.id}\n`,
    );
  });
}

/** NPCI's Unique Transaction Reference of a UPI transfer: 12 digits, as the payer's bank shows it. */
const UTR = /^\d{12}$/;

export function addOrderCommands(program: Command, context: CliContext): void {
  const orders = program.command('orders').description('see orders, confirm payments, ship, deliver and cancel');

  orders
    .command('list')
    .description('the newest orders first, as a table')
    .option('--status <status>', 'only pending, processing, shipped, delivered or cancelled orders')
    .option('--since <date>', 'only orders placed on or after this day (YYYY-MM-DD, IST)')
    .option('--limit <n>', 'at most this many orders', '50')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: ListOptions, command: Command) => {
      await listOrders(context, storeOption(command), options);
    });

  orders
    .command('show')
    .description('one order: items, address, payments')
    .argument('<id>', 'the order number')
    .action(async (id: string, _options, command: Command) => {
      await showOrder(context, storeOption(command), id);
    });

  withOutOption(
    orders
      .command('invoice')
      .description("write a paid order's invoice (or, with --credit-note, a cancelled order's credit note) as a PDF")
      .argument('<id>', 'the order number'),
    'the PDF to write (default: invoice-<number>.pdf in this folder)',
  )
    .option('--credit-note', 'the credit note issued when the paid order was cancelled')
    .option(
      '--copy <which>',
      'original (for the recipient), duplicate (transporter) or triplicate (supplier)',
      'original',
    )
    .action(
      async (
        id: string,
        options: { out?: string; output?: string; creditNote?: boolean; copy: string },
        command: Command,
      ) => {
        const outFile = outFileOf(options, context);
        const copy = InvoiceCopyQuery.safeParse({ copy: options.copy });
        if (!copy.success) throw new CliError(`--copy is original, duplicate or triplicate, not '${options.copy}'.`);
        await withStore(context, storeOption(command), async (shop, store) => {
          const row = await findOrder(shop, store, id);
          const kind = options.creditNote ? 'credit-note' : 'invoice';
          const issued = await shop.services.invoices.find(store.id, row.id, kind);
          if (!issued) {
            throw new CliError(
              options.creditNote
                ? `Order ${row.id} has no credit note: one is issued when a paid order is cancelled. It is ${statusLabel(row.status)}.`
                : `Order ${row.id} has no invoice yet: one is issued when the order is paid. It is ${statusLabel(row.status)}.`,
            );
          }
          const output = outFile ?? fileNameOf(issued.document.type, issued.row.number);
          fs.writeFileSync(path.resolve(context.cwd, output), await shop.services.invoices.pdf(issued, copy.data.copy));
          context.stdout(`${issued.document.title} ${issued.row.number} of order ${row.id} written to ${output}.\n`);
        });
      },
    );

  orders
    .command('paid')
    .description('record a UPI transfer you received for a Pending order; the order becomes Processing')
    .argument('<id>', 'the order number')
    .requiredOption('--utr <utr>', 'the 12-digit UTR of the transfer, from your bank statement or UPI app')
    .action(async (id: string, options: { utr: string }, command: Command) => {
      const utr = options.utr.trim();
      if (!UTR.test(utr)) throw new CliError(`A UTR is the 12 digits of the UPI transfer's reference, not '${utr}'.`);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        const recorded = await shop.services.payments.recordManualPayment(store.id, row.id, {
          reference: utr,
          by: STORE_COMMAND_ACTOR,
        });
        if (!recorded.replayed) {
          await logChange(shop, {
            storeId: store.id,
            action: 'order.mark-paid',
            subject: `order:${row.id}`,
            before: { status: statusLabel(row.status) },
            after: { status: statusLabel(recorded.order.status), reference: utr },
          });
        }
        if (recorded.replayed && recorded.order.id !== row.id) {
          throw new CliError(`The UTR ${utr} is already recorded for order ${recorded.order.id}.`);
        }
        context.stdout(
          recorded.replayed
            ? `The UTR ${utr} was already recorded for order ${row.id}; it is ${statusLabel(recorded.order.status)}.\n`
            : `Recorded ${formatInr(toRupees(Number(row.total)))} by UPI (UTR ${utr}). Order ${row.id} is now Processing.\n`,
        );
      });
    });

  orders
    .command('ship')
    .description(
      'hand a Processing order to the courier; shoppers see the courier and tracking on /orders and /track-order',
    )
    .argument('<id>', 'the order number')
    .option('--courier <name>', 'the courier, e.g. Delhivery, DTDC, India Post')
    .option('--tracking <number>', "the courier's tracking number (AWB)")
    .option('--tracking-url <url>', "the courier's https tracking page for this parcel, kept as a link for the shopper")
    .option(
      '--via <courier service>',
      "book it with the store's courier service instead (shiprocket: order, AWB, pickup and label; see `store couriers`)",
    )
    .action(async (id: string, options: ShipmentOptions & { via?: string }, command: Command) => {
      if (options.via !== undefined) {
        if (options.courier || options.tracking || options.trackingUrl) {
          throw new CliError(
            '--via books the parcel and takes its AWB from the courier: leave out --courier and --tracking.',
          );
        }
        await shipVia(context, storeOption(command), id, options.via);
        return;
      }
      const shipment = shipmentOf(options);
      await moveOrder(context, storeOption(command), id, OrderStatus.Shipped, { shipment });
    });

  withOutOption(
    orders
      .command('label')
      .description("write a booked order's courier label as a PDF, to print and stick on the parcel")
      .argument('<id>', 'the order number'),
    'the PDF to write (default: label-<order>.pdf in this folder)',
  ).action(async (id: string, options: { out?: string; output?: string }, command: Command) => {
    const outFile = outFileOf(options, context);
    await withStore(context, storeOption(command), async (shop, store) => {
      const row = await findOrder(shop, store, id);
      const pdf = await shop.services.couriers.label(store.id, row.id);
      if (!pdf) {
        throw new CliError(
          `Order ${row.id} has no courier label: one comes with \`store orders ship ${row.id} --via shiprocket\`.`,
        );
      }
      const output = outFile ?? `label-${row.id}.pdf`;
      fs.writeFileSync(path.resolve(context.cwd, output), pdf);
      context.stdout(`The label of order ${row.id} written to ${output}.\n`);
    });
  });

  orders
    .command('tracking')
    .description("correct a Shipped order's courier or tracking (a mistyped number, a new link)")
    .argument('<id>', 'the order number')
    .option('--courier <name>', 'the courier')
    .option('--tracking <number>', "the courier's tracking number (AWB)")
    .option('--tracking-url <url>', "the courier's https tracking page for this parcel")
    .action(async (id: string, options: ShipmentOptions, command: Command) => {
      const shipment = shipmentOf(options);
      await withStore(context, storeOption(command), async (shop, store) => {
        const row = await findOrder(shop, store, id);
        await shop.services.orders.updateShipment(store.id, row.id, shipment, { actor: STORE_COMMAND_ACTOR });
        await logChange(shop, {
          storeId: store.id,
          action: 'order.tracking',
          subject: `order:${row.id}`,
          before: { courier: row.courier, trackingNumber: row.tracking_number, trackingUrl: row.tracking_url },
          after: { ...shipment },
        });
        context.stdout(`Order ${row.id}: ${describeShipment(shipment)}.\n`);
      });
    });

  orders
    .command('deliver')
    .description('mark a Shipped order as Delivered')
    .argument('<id>', 'the order number')
    .action(async (id: string, _options, command: Command) => {
      await moveOrder(context, storeOption(command), id, OrderStatus.Delivered);
    });

  orders
    .command('cancel')
    .description('cancel a Pending or Processing order; its items go back into stock (asks first; --yes in scripts)')
    .argument('<id>', 'the order number')
    .option('--yes', 'cancel without asking')
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      await moveOrder(context, storeOption(command), id, OrderStatus.Cancelled, {
        // Asked with the order in hand, in the same visit to the database as the move.
        ...(options.yes ? {} : { confirm: (row: OrderRow) => confirmCancel(context, row) }),
      });
    });

  addCodOrderCommands(orders, context);
}
