import { type GstRate, type OrderLine, STANDARD_GST_RATE, splitInclusive } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { productsToOrder } from '../catalog/stock.js';
import { type OrderCharges, priceCharges, shownCharges } from './charges.js';
import { chooseOptions } from './lines.js';
import { mergeSameChoices, orderTotal, pricedItems } from './pricing.js';

/** What a cart is priced with: its lines, and what the shopper told so far. */
export interface QuoteInput {
  lines: OrderLine[];
  couponCode?: string | undefined;
  /** The PIN, with its state from the PIN directory. */
  destination?: { postalCode: string; state: string } | undefined;
  paymentMethod?: string | undefined;
  userId?: string | undefined;
}

/** A cart's price in paise: the same items and charges its order would get. */
export interface PricedCart {
  subtotal: number;
  discount: number;
  shipping: number;
  codFee: number;
  taxes: { rate: number; amount: number }[];
  taxIncluded: number;
  total: number;
  charges: { kind: string; label: string; amount: number }[];
}

const NO_ID = () => '';

/**
 * Prices a cart as placing would (the same items, the same charge rules through priceCharges), but
 * takes no stock and holds nothing: a quote only reads.
 */
export async function quoteCart(
  db: Database,
  storeId: string,
  rules: OrderCharges | undefined,
  input: QuoteInput,
): Promise<PricedCart> {
  const ids = [...new Set(input.lines.map((line) => line.productId))].sort();
  const byId = new Map((await productsToOrder(db, storeId, ids)).map((product) => [product.id, product]));
  if (ids.some((id) => !byId.has(id))) {
    throw new HttpError(
      400,
      'Some products in your cart are no longer available. Please review your cart.',
      {},
      'lines',
    );
  }
  const lines = mergeSameChoices(input.lines.map((line) => chooseOptions(line, byId.get(line.productId))));
  const items = pricedItems('', lines, NO_ID);
  const itemsTotal = orderTotal(items);
  const { charges, total } = await priceCharges(
    db,
    rules,
    {
      storeId,
      lines,
      itemsTotal,
      // No PIN yet (the cart): shipping is priced to the rest of India, as POST /shipping/quote does.
      shippingAddress: input.destination ?? { postalCode: '', state: '' },
      ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
      ...(input.userId ? { userId: input.userId } : {}),
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
    },
    items,
    NO_ID,
  );
  const sumOf = (pick: (kind: string) => boolean) =>
    charges.filter((charge) => pick(charge.kind)).reduce((sum, charge) => sum + charge.amount, 0);
  // The GST inside each figure, at its rate (as the invoice splits it; inter-state: one tax).
  const byRate = new Map<number, number>();
  const addTax = (amount: number, rate: number | null) => {
    const gstRate = (rate === null ? STANDARD_GST_RATE : Number(rate)) as GstRate;
    const split = splitInclusive(Math.abs(amount), gstRate, false);
    byRate.set(gstRate, (byRate.get(gstRate) ?? 0) + Math.sign(amount) * split.igst);
  };
  for (const item of items) addTax(item.unit_price * item.quantity, item.gst_rate);
  for (const charge of charges) addTax(Number(charge.amount), charge.gst_rate);
  const taxes = [...byRate].map(([rate, amount]) => ({ rate, amount })).sort((a, b) => a.rate - b.rate);
  return {
    subtotal: itemsTotal,
    discount: -sumOf((kind) => kind === 'discount'),
    shipping: sumOf((kind) => kind === 'shipping'),
    codFee: sumOf((kind) => kind === 'cod-fee'),
    taxes,
    taxIncluded: taxes.reduce((sum, tax) => sum + tax.amount, 0),
    total,
    charges: shownCharges(charges).map((charge) => ({ kind: charge.kind, label: charge.label, amount: charge.amount })),
  };
}
