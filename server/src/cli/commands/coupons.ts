import { type Coupon, CreateCouponRequest } from '@netkart/contract';
import type { Command } from 'commander';
import { COUPON_NOT_FOUND } from '../../modules/coupons/service.js';
import { type CliContext, CliError, logChange, storeOption, withStore } from '../context.js';
import { formatTable, terminalSafe as safe } from '../format.js';

interface AddOptions {
  code?: string;
  percent?: string;
  maxDiscount?: string;
  flat?: string;
  freeShipping?: boolean;
  minOrder?: string;
  limit?: string;
  perCustomer?: string;
  from?: string;
  to?: string;
  category?: string[];
  product?: string[];
  prepaidOnly?: boolean;
}

const OPTION_OF: Record<string, string> = {
  code: '--code',
  kind: '--percent, --flat or --free-shipping',
  percent: '--percent',
  maxDiscount: '--max-discount',
  flat: '--flat',
  minOrder: '--min-order',
  from: '--from',
  to: '--to',
  limit: '--limit',
  perCustomer: '--per-customer',
  categories: '--category',
  productIds: '--product',
};

/** A number option as typed; anything else is left for the coupon's own checks to name. */
const numberOf = (text: string | undefined): number | undefined | string =>
  text === undefined ? undefined : Number.isFinite(Number(text)) && text.trim() !== '' ? Number(text) : text;

const repeatable = (value: string, earlier: string[] = []) => [...earlier, value];

/** What the coupon gives and when, in one cell. */
function terms(coupon: Coupon): string {
  const off =
    coupon.kind === 'percent'
      ? `${coupon.percent}%${coupon.maxDiscount === null ? '' : ` up to ₹${coupon.maxDiscount}`}`
      : coupon.kind === 'flat'
        ? `₹${coupon.flat} off`
        : 'free shipping';
  return [
    off,
    coupon.minOrder > 0 ? `min ₹${coupon.minOrder}` : '',
    coupon.prepaidOnly ? 'prepaid only' : '',
    coupon.categories.length > 0 ? `in ${coupon.categories.join(', ')}` : '',
    coupon.productIds.length > 0 ? `${coupon.productIds.length} products` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function addCouponCommands(program: Command, context: CliContext): void {
  const coupons = program
    .command('coupons')
    .description('coupon codes and automatic offers: percent (with a cap), flat or free shipping; one per order');

  coupons
    .command('add')
    .description('add a coupon code (or, without --code, an automatic offer every order that fits gets)')
    .option('--code <code>', 'what shoppers type, e.g. DIWALI10 (matched without regard to case)')
    .option('--percent <n>', 'percent off the items it covers')
    .option('--max-discount <rupees>', "a percent coupon's most rupees off")
    .option('--flat <rupees>', 'rupees off')
    .option('--free-shipping', 'takes the shipping charge off')
    .option('--min-order <rupees>', 'the items must come to this much (GST included)')
    .option('--limit <n>', 'how many orders may use it in all')
    .option('--per-customer <n>', 'how many orders one shopper may use it on')
    .option('--from <YYYY-MM-DD>', 'the first day it works (India time)')
    .option('--to <YYYY-MM-DD>', 'the last day it works (India time)')
    .option('--category <name>', 'only items in this category (repeat for more)', repeatable)
    .option('--product <id>', 'only this product (repeat for more)', repeatable)
    .option('--prepaid-only', 'not with cash on delivery')
    .action(async (options: AddOptions, command: Command) => {
      const kinds = [options.percent !== undefined, options.flat !== undefined, options.freeShipping === true];
      if (kinds.filter(Boolean).length !== 1) {
        throw new CliError('Give exactly one of --percent, --flat or --free-shipping.');
      }
      const parsed = CreateCouponRequest.safeParse({
        ...(options.code === undefined ? {} : { code: options.code }),
        kind: options.percent !== undefined ? 'percent' : options.flat !== undefined ? 'flat' : 'free-shipping',
        percent: numberOf(options.percent),
        maxDiscount: numberOf(options.maxDiscount),
        flat: numberOf(options.flat),
        ...(options.minOrder === undefined ? {} : { minOrder: numberOf(options.minOrder) }),
        limit: numberOf(options.limit),
        perCustomer: numberOf(options.perCustomer),
        from: options.from,
        to: options.to,
        categories: options.category ?? [],
        productIds: options.product ?? [],
        prepaidOnly: options.prepaidOnly === true,
      });
      if (!parsed.success) {
        const reasons = parsed.error.issues.map(
          (issue) => `  ${OPTION_OF[String(issue.path[0])] ?? String(issue.path[0] ?? '')}: ${issue.message}`,
        );
        throw new CliError(['The coupon was not added:', ...reasons].join('\n'));
      }
      await withStore(context, storeOption(command), async (shop, store) => {
        const coupon = await shop.services.coupons.add(store.id, parsed.data);
        await logChange(shop, {
          storeId: store.id,
          action: 'coupon.add',
          subject: `coupon:${coupon.code ?? coupon.id}`,
          after: coupon,
        });
        const name = coupon.code ? `Coupon ${coupon.code}` : `Automatic offer ${coupon.id}`;
        context.stdout(`${name} is added: ${terms(coupon)}.\n`);
      });
    });

  coupons
    .command('list')
    .description('the coupons and offers, newest first, with how many orders hold each')
    .action(async (_options: unknown, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const list = await shop.services.coupons.list(store.id);
        if (list.length === 0) {
          context.stdout('No coupons yet.\n');
          return;
        }
        const table = formatTable(
          ['CODE', 'GIVES', 'FROM', 'TO', 'USED', 'PER CUSTOMER', 'STATUS'],
          list.map((coupon) => [
            coupon.code ? safe(coupon.code) : `(offer ${coupon.id})`,
            safe(terms(coupon)),
            coupon.from ?? '-',
            coupon.to ?? '-',
            coupon.limit === null ? String(coupon.used) : `${coupon.used}/${coupon.limit}`,
            coupon.perCustomer === null ? '-' : String(coupon.perCustomer),
            coupon.disabled ? 'disabled' : 'active',
          ]),
        );
        context.stdout(`${table}\n`);
      });
    });

  coupons
    .command('disable')
    .description('stop a coupon working for new orders (orders placed with it keep their discount)')
    .argument('<code>', 'the code, or an offer’s id')
    .action(async (code: string, _options: unknown, command: Command) => {
      await withStore(context, storeOption(command), async (shop, store) => {
        const found = await shop.services.coupons.find(store.id, code);
        if (!found) throw new CliError(COUPON_NOT_FOUND);
        const coupon = await shop.services.coupons.disable(store.id, found.id);
        await logChange(shop, {
          storeId: store.id,
          action: 'coupon.disable',
          subject: `coupon:${coupon.code ?? coupon.id}`,
        });
        context.stdout(`${coupon.code ? `Coupon ${coupon.code}` : `Offer ${coupon.id}`} is disabled.\n`);
      });
    });
}
