import { type GstRate, type OrderCharge, STANDARD_GST_RATE } from '@netkart/contract';
import type { Database, OrderChargeRow, OrderItemRow } from '../../db/schema.js';
import { toRupees } from '../../shared/money.js';
import type { ChosenLine } from './lines.js';

/** A charge an order adds beyond its items, before the orders give it its place and tax rate. */
export interface NewCharge {
  /** 'shipping', 'cod-fee' … */
  kind: string;
  label: string;
  /** Paise, GST included. */
  amount: number;
  /** The service's accounting code on the invoice (a discount: the goods' HSN). */
  sac: string;
  /** Its own GST rate (a discount: the rate of the goods it comes off); the goods' otherwise. */
  gstRate?: GstRate;
  /**
   * A discount of goods: the part of it each order line takes, in positive paise, by the line's
   * index in the order's `lines` (a line the coupon did not cover takes none). Kept on the order's
   * items, so a return pays back what was paid for exactly that line.
   */
  lineShares?: Map<number, number>;
}

/** The order being placed, as a charge rule reads it. */
export interface ChargedOrder {
  storeId: string;
  lines: ChosenLine[];
  /** The items' total in paise. */
  itemsTotal: number;
  shippingAddress: { postalCode: string; state: string };
  /** The payment method asked for, when the shop takes more than one (a COD fee reads it). */
  paymentMethod?: string;
  /** The shopper, when signed in (a coupon's per-customer limit reads it). */
  userId?: string;
  /** The coupon the shopper typed. */
  couponCode?: string;
  /**
   * The order being placed; absent for a quote. A rule that holds something for the order (a
   * coupon's use) takes it in the order's transaction only when this is given.
   */
  orderId?: string;
}

/**
 * The charges of an order being placed, worked out in its transaction from its items, address and
 * the store's rules. The wiring (services.ts) gives the one list of rules; a new kind of charge is
 * one more entry there.
 */
export type OrderCharges = (trx: Database, order: ChargedOrder) => Promise<NewCharge[]>;

/**
 * A charge is taxed as the goods it comes with: at the items' rate, the highest one when they are
 * taxed at several (a product without a rate counts at the standard rate, as its invoice line does).
 */
export function goodsRate(items: Pick<OrderItemRow, 'gst_rate'>[]): GstRate {
  const rates = items.map((item) => (item.gst_rate === null ? STANDARD_GST_RATE : Number(item.gst_rate)));
  return Math.max(0, ...rates) as GstRate;
}

/** The charge rows of a new order, in the order the rules gave them. */
export function chargeRows(
  orderId: string,
  charges: NewCharge[],
  items: Pick<OrderItemRow, 'gst_rate'>[],
  newId: () => string,
): OrderChargeRow[] {
  const rate = goodsRate(items);
  return charges.map((charge, position) => ({
    id: newId(),
    order_id: orderId,
    kind: charge.kind,
    label: charge.label,
    amount: charge.amount,
    sac: charge.sac,
    gst_rate: charge.gstRate ?? rate,
    position,
  }));
}

/**
 * THE pricing of an order beyond its items, shared by placing and the quote: the store's charge
 * rules (shipping, COD fee, discount) on the priced items, and the total they come to.
 */
export async function priceCharges(
  trx: Database,
  rules: OrderCharges | undefined,
  order: ChargedOrder,
  items: Pick<OrderItemRow, 'gst_rate'>[],
  newId: () => string,
): Promise<{ charges: OrderChargeRow[]; total: number; lineDiscounts: number[] }> {
  const newCharges = (await rules?.(trx, order)) ?? [];
  // A quote's rows belong to no order: they are read, never written.
  const charges = chargeRows(order.orderId ?? '', newCharges, items, newId);
  const lineDiscounts = order.lines.map((_, index) =>
    newCharges.reduce((sum, charge) => sum + (charge.lineShares?.get(index) ?? 0), 0),
  );
  return {
    charges,
    total: order.itemsTotal + charges.reduce((sum, charge) => sum + charge.amount, 0),
    lineDiscounts,
  };
}

/** The charges of these orders, each order's in its place order. */
export async function chargesOfOrders(db: Database, orderIds: string[]): Promise<Map<string, OrderChargeRow[]>> {
  const byOrder = new Map<string, OrderChargeRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_charges')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

/**
 * The charges as the shopper reads them: lines of one kind and label are one line (a discount kept
 * per HSN and rate for the invoice reads as one "Discount (SAVE10)").
 */
export function shownCharges<C extends Pick<OrderChargeRow, 'kind' | 'label' | 'amount'>>(charges: C[]): C[] {
  const shown: C[] = [];
  for (const charge of charges) {
    const same = shown.find((each) => each.kind === charge.kind && each.label === charge.label);
    if (same) same.amount = Number(same.amount) + Number(charge.amount);
    else shown.push({ ...charge, amount: Number(charge.amount) });
  }
  return shown;
}

/** A charge as the API shows it. */
export const toOrderCharge = (row: OrderChargeRow): OrderCharge => ({
  kind: row.kind,
  label: row.label,
  amount: toRupees(Number(row.amount)),
});

/** The kind of a coupon's negative charge lines (the coupons module writes them). */
const DISCOUNT_KIND = 'discount';

const groupOf = (hsn: string | null, rate: GstRate | number | null) =>
  `${hsn?.trim() ?? ''}|${rate === null ? STANDARD_GST_RATE : Number(rate)}`;

/**
 * `amount` spread over `values` in proportion: each rounded down, the last taking the remainder, so
 * the parts add up to `amount` exactly. THE rounding of a discount's shares, when the order is
 * placed and when an older order's shares are worked out afresh.
 */
export function spreadByValue(amount: number, values: number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  let given = 0;
  return values.map((value, index) => {
    const share = index === values.length - 1 ? amount - given : Math.floor((amount * value) / total);
    given += share;
    return share;
  });
}

/**
 * THE share of an order's discount each item line took, in paise (positive), by item id; a line
 * that took none is left out. An order placed since shares are kept reads them from its items: the
 * coupon's discount spread over the lines it covered. An older order's (shares null) are worked out
 * from its charges: each discount line (one per HSN and GST rate) spread over all that HSN's and
 * rate's items by their value, with `spreadByValue`'s rounding. A discount of no goods' group (free
 * shipping, at the shipping's SAC) is no item's. Returns and their credit notes read it: a returned
 * item is paid back at what was paid for it.
 */
export function itemDiscounts(
  items: Pick<OrderItemRow, 'id' | 'unit_price' | 'quantity' | 'hsn' | 'gst_rate' | 'discount'>[],
  charges: Pick<OrderChargeRow, 'kind' | 'amount' | 'sac' | 'gst_rate'>[],
): Map<string, number> {
  const shares = new Map<string, number>();
  if (items.length > 0 && items.every((item) => item.discount !== null)) {
    for (const item of items) if (Number(item.discount) > 0) shares.set(item.id, Number(item.discount));
    return shares;
  }
  const discountOf = new Map<string, number>();
  for (const charge of charges) {
    if (charge.kind !== DISCOUNT_KIND || Number(charge.amount) >= 0) continue;
    const key = groupOf(charge.sac, charge.gst_rate);
    discountOf.set(key, (discountOf.get(key) ?? 0) - Number(charge.amount));
  }
  for (const [key, discount] of discountOf) {
    const group = items.filter((item) => groupOf(item.hsn, item.gst_rate) === key);
    const values = group.map((item) => Number(item.unit_price) * item.quantity);
    if (values.reduce((sum, value) => sum + value, 0) <= 0) continue;
    const spread = spreadByValue(discount, values);
    for (const [index, item] of group.entries()) shares.set(item.id, spread[index] ?? 0);
  }
  return shares;
}

/**
 * The part of a line's discount share that `pieces` returned pieces take, after `before` pieces of
 * the line came back earlier: worked out on the running count, so once every piece is back the
 * parts add up to the line's share exactly.
 */
export function piecesDiscount(lineShare: number, quantity: number, before: number, pieces: number): number {
  if (quantity <= 0 || lineShare <= 0) return 0;
  const upTo = (count: number) => Math.floor((lineShare * Math.min(count, quantity)) / quantity);
  return upTo(before + pieces) - upTo(before);
}
