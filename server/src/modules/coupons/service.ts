import {
  COD_PAYMENT,
  type Coupon,
  type CouponKind,
  type CreateCouponInput,
  formatRupees,
  type GstRate,
  SHIPPING_SAC,
  STANDARD_GST_RATE,
} from '@netkart/contract';
import { sql } from 'kysely';
import type { CouponRow, Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { istDay, istDayEnd, istDayStart } from '../../shared/india-time.js';
import { toPaise, toRupees } from '../../shared/money.js';
import type { AuditLog } from '../audit/service.js';
import { type ChargedOrder, type NewCharge, spreadByValue } from '../orders/service.js';

export const DISCOUNT_CHARGE = 'discount';
export const COUPON_NOT_FOUND = 'No coupon has that code or id.';
const FIELD = 'couponCode';

/** Each product's categories (and parent categories), lower-cased: the catalogue's answer. */
export type CategoriesOf = (trx: Database, storeId: string, productIds: string[]) => Promise<Map<string, string[]>>;

/** A refusal: which rule the code broke, said to the shopper beside the coupon field. */
const refused = (message: string) => new HttpError(400, message, {}, FIELD);

const rupees = (paise: number) => formatRupees(toRupees(paise));

/** What the coupon gives, in words: "10% off up to ₹200", "₹100 off", "Free shipping". */
export function describeCoupon(row: Pick<CouponRow, 'kind' | 'percent' | 'amount' | 'max_discount' | 'min_order'>) {
  const off =
    row.kind === 'percent'
      ? `${row.percent}% off${row.max_discount ? ` up to ${rupees(Number(row.max_discount))}` : ''}`
      : row.kind === 'flat'
        ? `${rupees(Number(row.amount))} off`
        : 'Free shipping';
  return Number(row.min_order) > 0 ? `${off} on orders of ${rupees(Number(row.min_order))} or more` : off;
}

const listOf = (json: string): string[] => {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string') : [];
  } catch {
    return [];
  }
};

export function toCoupon(row: CouponRow): Coupon {
  const money = (paise: number | null) => (paise === null ? null : toRupees(Number(paise)));
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as CouponKind,
    percent: row.percent === null ? null : Number(row.percent),
    maxDiscount: money(row.max_discount),
    flat: money(row.amount),
    minOrder: toRupees(Number(row.min_order)),
    from: row.starts_at ? istDay(row.starts_at) : null,
    // Kept as the instant it stops (exclusive): the last day it works is the day before.
    to: row.ends_at ? istDay(new Date(row.ends_at).getTime() - 1) : null,
    limit: row.usage_limit === null ? null : Number(row.usage_limit),
    perCustomer: row.per_customer_limit === null ? null : Number(row.per_customer_limit),
    categories: listOf(row.categories_json),
    productIds: listOf(row.product_ids_json),
    prepaidOnly: Number(row.prepaid_only) === 1,
    used: Number(row.used_count),
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

/** A coupon's discount on an order: the charge lines it adds (negative amounts). */
interface Discount {
  coupon: CouponRow;
  amount: number;
  charges: NewCharge[];
}

/**
 * Coupons and automatic offers. A coupon's discount is worked out with the order's other charges
 * (services.ts): one coupon an order (a typed code, else the best automatic offer that fits), and
 * when the order is being placed its use is taken in the order's transaction, under the coupon's
 * limits, by a guarded update; a cancelled order gives it back.
 */
export class CouponService {
  constructor(
    private readonly db: Database,
    private readonly categoriesOf: CategoriesOf,
    private readonly clock: () => Date = () => new Date(),
    private readonly audit?: AuditLog,
  ) {}

  async list(storeId: string): Promise<Coupon[]> {
    const rows = await this.db
      .selectFrom('coupons')
      .selectAll()
      .where('store_id', '=', storeId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toCoupon);
  }

  async add(storeId: string, input: CreateCouponInput): Promise<Coupon> {
    const row: CouponRow = {
      id: newId(),
      store_id: storeId,
      code: input.code ?? null,
      code_key: input.code?.toLowerCase() ?? null,
      kind: input.kind,
      percent: input.percent ?? null,
      amount: input.flat === undefined ? null : toPaise(input.flat),
      max_discount: input.maxDiscount === undefined ? null : toPaise(input.maxDiscount),
      min_order: toPaise(input.minOrder),
      starts_at: input.from ? istDayStart(input.from).toISOString() : null,
      ends_at: input.to ? istDayEnd(input.to).toISOString() : null,
      usage_limit: input.limit ?? null,
      per_customer_limit: input.perCustomer ?? null,
      categories_json: JSON.stringify(input.categories),
      product_ids_json: JSON.stringify(input.productIds),
      prepaid_only: input.prepaidOnly ? 1 : 0,
      used_count: 0,
      disabled_at: null,
      created_at: nowIso(),
    };
    const taken = () => new HttpError(409, `The code ${input.code} is already a coupon here.`, {}, 'code');
    try {
      await writeTransaction(this.db, async (trx) => {
        if (row.code_key && (await this.byCode(trx, storeId, row.code_key, true))) throw taken();
        await trx.insertInto('coupons').values(row).execute();
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Two adds of one code at once: the unique index refuses the second.
      if (row.code_key && (await this.byCode(this.db, storeId, row.code_key, true))) throw taken();
      throw error;
    }
    return toCoupon(row);
  }

  /** Stops a coupon (by id or code) working for new orders; orders placed with it keep their discount. */
  async disable(storeId: string, idOrCode: string): Promise<Coupon> {
    const row = await this.find(storeId, idOrCode);
    if (!row) throw notFound(COUPON_NOT_FOUND);
    if (row.disabled_at) return toCoupon(row);
    const disabledAt = nowIso();
    await this.db.updateTable('coupons').set({ disabled_at: disabledAt }).where('id', '=', row.id).execute();
    return toCoupon({ ...row, disabled_at: disabledAt });
  }

  async find(storeId: string, idOrCode: string): Promise<CouponRow | undefined> {
    const key = idOrCode.trim();
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .where('store_id', '=', storeId)
      .where((eb) => eb.or([eb('id', '=', key), eb('code_key', '=', key.toLowerCase())]))
      .executeTakeFirst();
  }

  private byCode(trx: Database, storeId: string, codeKey: string, evenDisabled = false) {
    let query = trx.selectFrom('coupons').selectAll().where('store_id', '=', storeId).where('code_key', '=', codeKey);
    if (!evenDisabled) query = query.where('disabled_at', 'is', null);
    return query.executeTakeFirst();
  }

  /**
   * The discount lines of an order (or a quote), after its other charges (`fees`: a free-shipping
   * coupon takes its shipping off). A typed code that breaks a rule is refused with that rule; with
   * no code, the automatic offer that takes the most off, if any fits. Placing (order.orderId
   * given) takes the coupon's use in its transaction.
   */
  async discountFor(trx: Database, order: ChargedOrder, fees: NewCharge[]): Promise<NewCharge[]> {
    const discount = order.couponCode
      ? await this.typedCode(trx, order, order.couponCode, fees)
      : await this.bestOffer(trx, order, fees);
    if (!discount) return [];
    if (order.orderId && order.userId) await this.takeUse(trx, discount, order.orderId, order.userId);
    return discount.charges;
  }

  /** What a coupon says of itself on a quote: its code and terms. */
  async appliedTo(trx: Database, order: ChargedOrder, fees: NewCharge[]) {
    const discount = order.couponCode
      ? await this.typedCode(trx, order, order.couponCode, fees)
      : await this.bestOffer(trx, order, fees);
    return discount ? { code: discount.coupon.code, label: describeCoupon(discount.coupon) } : null;
  }

  private async typedCode(trx: Database, order: ChargedOrder, code: string, fees: NewCharge[]): Promise<Discount> {
    const coupon = await this.byCode(trx, order.storeId, code.trim().toLowerCase());
    if (!coupon) throw refused(`"${code.trim()}" is not a coupon code at this shop. Please check it.`);
    return this.apply(trx, coupon, order, fees);
  }

  private async bestOffer(trx: Database, order: ChargedOrder, fees: NewCharge[]): Promise<Discount | undefined> {
    const offers = await trx
      .selectFrom('coupons')
      .selectAll()
      .where('store_id', '=', order.storeId)
      .where('code_key', 'is', null)
      .where('disabled_at', 'is', null)
      .orderBy('created_at')
      .execute();
    let best: Discount | undefined;
    for (const offer of offers) {
      try {
        const discount = await this.apply(trx, offer, order, fees);
        if (!best || discount.amount > best.amount) best = discount;
      } catch (error) {
        // An offer the order does not fit is simply not given; only a typed code is refused aloud.
        if (!(error instanceof HttpError)) throw error;
      }
    }
    return best;
  }

  /** Checks every rule of the coupon against the order, in the order a shopper can act on, and prices it. */
  private async apply(trx: Database, coupon: CouponRow, order: ChargedOrder, fees: NewCharge[]): Promise<Discount> {
    const name = coupon.code ? `Coupon ${coupon.code}` : 'This offer';
    const now = this.clock().getTime();
    if (coupon.starts_at && now < Date.parse(coupon.starts_at)) {
      throw refused(`${name} starts on ${istDay(coupon.starts_at)}: it cannot be used yet.`);
    }
    if (coupon.ends_at && now >= Date.parse(coupon.ends_at)) {
      throw refused(`${name} expired on ${istDay(Date.parse(coupon.ends_at) - 1)}.`);
    }
    if (coupon.usage_limit !== null && Number(coupon.used_count) >= Number(coupon.usage_limit)) {
      throw refused(`${name} has been used up.`);
    }
    if (order.userId && coupon.per_customer_limit !== null) {
      const used = await this.usesBy(trx, coupon.id, order.userId);
      if (used >= Number(coupon.per_customer_limit)) throw refused(perCustomer(name, coupon));
    }
    if (Number(coupon.prepaid_only) === 1 && order.paymentMethod === COD_PAYMENT) {
      throw refused(`${name} is for prepaid orders only: pay online to use it, or remove it for cash on delivery.`);
    }
    if (order.itemsTotal < Number(coupon.min_order)) {
      throw refused(
        `${name} needs an order of ${rupees(Number(coupon.min_order))} or more; your items come to ${rupees(order.itemsTotal)}.`,
      );
    }
    const eligible = await this.eligibleLines(trx, coupon, order);
    if (eligible.length === 0) {
      const categories = listOf(coupon.categories_json);
      throw refused(
        categories.length > 0
          ? `${name} applies only to ${categories.join(', ')}: nothing in your cart is in ${categories.length === 1 ? 'that category' : 'those categories'}.`
          : `${name} applies only to some products: none of them is in your cart.`,
      );
    }
    const label = coupon.code ? `Discount (${coupon.code})` : `Offer: ${describeCoupon(coupon)}`;
    if (coupon.kind === 'free-shipping') {
      const shipping = fees.filter((fee) => fee.kind === 'shipping').reduce((sum, fee) => sum + fee.amount, 0);
      const freeLabel = coupon.code ? `Free shipping (${coupon.code})` : 'Offer: free shipping';
      return {
        coupon,
        amount: shipping,
        charges:
          shipping > 0 ? [{ kind: DISCOUNT_CHARGE, label: freeLabel, amount: -shipping, sac: SHIPPING_SAC }] : [],
      };
    }
    const eligibleTotal = eligible.reduce((sum, line) => sum + line.amount, 0);
    const wanted =
      coupon.kind === 'percent'
        ? Math.round((eligibleTotal * Number(coupon.percent)) / 100)
        : Math.min(Number(coupon.amount), eligibleTotal);
    const amount = Math.min(
      eligibleTotal,
      coupon.max_discount === null ? wanted : Math.min(wanted, Number(coupon.max_discount)),
    );
    return { coupon, amount, charges: discountLines(label, amount, eligible) };
  }

  /** The order's lines the coupon covers, each with its index in the order's lines, amount, HSN and rate. */
  private async eligibleLines(trx: Database, coupon: CouponRow, order: ChargedOrder) {
    const products = new Set(listOf(coupon.product_ids_json));
    const categories = new Set(listOf(coupon.categories_json).map((category) => category.toLowerCase()));
    const categoriesOf =
      categories.size > 0
        ? await this.categoriesOf(trx, order.storeId, [...new Set(order.lines.map((line) => line.product.id))])
        : new Map<string, string[]>();
    return order.lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => products.size === 0 || products.has(line.product.id))
      .filter(
        ({ line }) =>
          categories.size === 0 || (categoriesOf.get(line.product.id) ?? []).some((key) => categories.has(key)),
      )
      .map(({ line, index }) => ({
        line: index,
        amount: Number(line.product.discounted_price ?? line.product.regular_price) * line.quantity,
        hsn: line.product.hsn?.trim() ?? '',
        rate: (line.product.gst_rate === null ? STANDARD_GST_RATE : Number(line.product.gst_rate)) as GstRate,
      }));
  }

  private async usesBy(trx: Database, couponId: string, userId: string): Promise<number> {
    const row = await trx
      .selectFrom('coupon_uses')
      .select(sql<number>`count(*)`.as('n'))
      .where('coupon_id', '=', couponId)
      .where('user_id', '=', userId)
      .where('released_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The use, taken in the order's transaction. The guarded update both counts it and, on
   * PostgreSQL, locks the coupon's row until the order commits: a parallel order waits, then finds
   * the count moved (and the per-customer count after it) — so a limit of 3 gives exactly 3.
   */
  private async takeUse(trx: Database, discount: Discount, orderId: string, userId: string): Promise<void> {
    const { coupon } = discount;
    const name = coupon.code ? `Coupon ${coupon.code}` : 'This offer';
    const taken = await trx
      .updateTable('coupons')
      .set({ used_count: sql`used_count + 1` })
      .where('id', '=', coupon.id)
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw refused(`${name} has been used up.`);
    if (coupon.per_customer_limit !== null) {
      if ((await this.usesBy(trx, coupon.id, userId)) >= Number(coupon.per_customer_limit)) {
        throw refused(perCustomer(name, coupon));
      }
    }
    await trx
      .insertInto('coupon_uses')
      .values({
        id: newId(),
        store_id: coupon.store_id,
        coupon_id: coupon.id,
        order_id: orderId,
        user_id: userId,
        discount: discount.amount,
        created_at: nowIso(),
        released_at: null,
      })
      .execute();
  }

  /**
   * A cancelled (or expired) order gives its coupon's use back, in the cancellation's transaction,
   * logged as adds and disables are (`by`: who cancelled it — staff, the shopper, the system).
   */
  async orderCancelled(trx: Database, orderId: string, by = 'system'): Promise<void> {
    const use = await trx
      .selectFrom('coupon_uses')
      .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
      .select(['coupon_uses.id', 'coupon_uses.coupon_id', 'coupon_uses.discount', 'coupons.store_id', 'coupons.code'])
      .where('coupon_uses.order_id', '=', orderId)
      .where('coupon_uses.released_at', 'is', null)
      .executeTakeFirst();
    if (!use) return;
    const released = await trx
      .updateTable('coupon_uses')
      .set({ released_at: nowIso() })
      .where('id', '=', use.id)
      .where('released_at', 'is', null)
      .executeTakeFirst();
    if (Number(released.numUpdatedRows) !== 1) throw conflict('The order changed meanwhile. Please try again.');
    const lowered = await trx
      .updateTable('coupons')
      .set({ used_count: sql`used_count - 1` })
      .where('id', '=', use.coupon_id)
      .where('used_count', '>', 0)
      .executeTakeFirst();
    // Read after the update (which holds the coupon's row): the count as this cancellation left it.
    const after = await trx
      .selectFrom('coupons')
      .select('used_count')
      .where('id', '=', use.coupon_id)
      .executeTakeFirstOrThrow();
    await this.audit?.record(trx, {
      storeId: use.store_id,
      actor: by,
      action: 'coupon.use-returned',
      subject: `coupon:${use.code ?? use.coupon_id}`,
      before: { used: Number(after.used_count) + Number(lowered.numUpdatedRows) },
      after: {
        used: Number(after.used_count),
        order: orderId,
        discount: toRupees(Number(use.discount)),
      },
    });
  }
}

const perCustomer = (name: string, coupon: CouponRow) =>
  Number(coupon.per_customer_limit) === 1
    ? `${name} can be used once per customer, and you have used it already.`
    : `${name} can be used ${coupon.per_customer_limit} times per customer, and you have used it that many times.`;

/**
 * The discount as charge lines, one per HSN and rate of the goods it comes off, each its share:
 * the invoice then lowers each HSN's and rate's taxable value by its own part (GST: a discount on
 * the invoice reduces the value of supply), and the GST books add up. Each line's share is spread
 * over the covered order lines of its HSN and rate (`lineShares`), never over lines the coupon did
 * not cover, so a return pays back exactly what was paid for a line.
 */
export function discountLines(
  label: string,
  amount: number,
  eligible: { line: number; amount: number; hsn: string; rate: GstRate }[],
): NewCharge[] {
  if (amount <= 0) return [];
  const groups = new Map<string, { hsn: string; rate: GstRate; amount: number; lines: typeof eligible }>();
  for (const line of eligible) {
    const key = `${line.hsn}|${line.rate}`;
    const group = groups.get(key) ?? { hsn: line.hsn, rate: line.rate, amount: 0, lines: [] };
    group.amount += line.amount;
    group.lines.push(line);
    groups.set(key, group);
  }
  const total = [...groups.values()].reduce((sum, group) => sum + group.amount, 0);
  const shares = [...groups.values()].map((group) => ({
    ...group,
    share: Math.floor((amount * group.amount) / total),
  }));
  // The paise rounding leaves go to the largest group, so the lines add up to the discount exactly.
  const largest = shares.reduce((big, group) => (group.amount > big.amount ? group : big));
  largest.share += amount - shares.reduce((sum, group) => sum + group.share, 0);
  return shares
    .filter((group) => group.share > 0)
    .map((group) => {
      const spread = spreadByValue(
        group.share,
        group.lines.map((line) => line.amount),
      );
      return {
        kind: DISCOUNT_CHARGE,
        label,
        amount: -group.share,
        sac: group.hsn,
        gstRate: group.rate,
        lineShares: new Map(group.lines.map((line, index) => [line.line, spread[index] ?? 0])),
      };
    });
}
