import {
  COD_PAYMENT,
  type CreateOrderInput,
  DEFAULT_MAX_LINE_QUANTITY,
  type DeliveryEstimate,
  digitsOf,
  lineCapMessage,
  OrderStatus,
} from '@netkart/contract';
import { SqliteAdapter, sql } from 'kysely';
import type { Database, OrderRow, UserRow } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { notEnoughStock, productsToOrder, takeStock } from '../catalog/stock.js';
import { type OrderCharges, priceCharges } from './charges.js';
import { chooseOptions, refuseShortVariants, stockLinesOf } from './lines.js';
import { type OrderChangeHook, recordEvent } from './moves.js';
import { mergeSameChoices, orderTotal, pricedItems, quantitiesByProduct } from './pricing.js';

export const STANDARD_SHIPPING = 'Standard Shipping';

export interface PlaceOrder {
  /** The store's payment provider now: it decides how long the order may wait for payment. */
  paymentProvider: string;
  /** The shopper's network address, for the backstop on unpaid orders from one address. */
  clientAddress: string;
  /** The store's cap on how many of one product one order may hold (10 unless given). */
  maxLineQuantity?: number;
  /**
   * The payment method's own rules, checked in the order's transaction once the goods are priced
   * (cash on delivery: its limits, PINs and cap per shopper); throws an HttpError to refuse.
   */
  checkPayment?: (trx: Database, order: PaymentCheck) => Promise<void>;
  /** Work for the payment method in the order's transaction once it is written (COD: its code, sent by SMS). */
  afterPlaced?: (trx: Database, order: OrderRow) => Promise<void>;
}

/** What a payment method's rules see of an order being placed. */
export interface PaymentCheck {
  storeId: string;
  userId: string;
  /** The goods, in paise, GST included. */
  itemsTotal: number;
  postalCode: string;
  state: string;
}

/** The caps on unpaid orders: per account, and per network address as a high backstop. */
export interface OpenOrderCaps {
  /** Unpaid orders one account may hold at once. */
  perAccount: number;
  /** Unpaid orders placed from one network address in the last hour (offices and mobile carriers share one). */
  perAddressPerHour: number;
}

/** What placing an order is given besides the cart: its number, the caps on unpaid orders, and who hears of it. */
export interface Placement {
  orderId: string;
  storeId: string;
  user: UserRow;
  openOrders: OpenOrderCaps;
  onChange: OrderChangeHook | undefined;
  /** The delivery promised for the order's PIN now (kept with the order); null when the shop has no rules to ask. */
  deliveryEstimate: DeliveryEstimate | null;
  /** The order's charges beyond its items (shipping …), from the store's rules; none without it. */
  charges: OrderCharges | undefined;
}

/**
 * How many of a product one order may take: the store's line cap, and at most half of what is in
 * stock (at least one), so one unpaid order cannot hold a shelf while it waits for payment.
 */
export const shareOfStock = (stock: number): number => Math.max(1, Math.ceil(stock / 2));

/**
 * Places the order inside `trx`: prices from the catalogue, each line's size and colour checked
 * against the product's own, stock taken by the catalogue, and each line keeps a snapshot of
 * the title and price.
 */
export async function placeOrder(
  trx: Database,
  placement: Placement,
  input: CreateOrderInput,
  placing: PlaceOrder,
): Promise<void> {
  const { orderId, storeId, user } = placement;
  const address = input.shippingAddress;
  await refuseTooManyOpen(trx, storeId, user.id, placing.clientAddress, placement.openOrders);
  const productIds = [...new Set(input.lines.map((line) => line.productId))].sort();
  const products = await productsToOrder(trx, storeId, productIds);
  const byId = new Map(products.map((product) => [product.id, product]));
  if (productIds.some((id) => !byId.has(id))) {
    throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
  }
  const lines = mergeSameChoices(input.lines.map((line) => chooseOptions(line, byId.get(line.productId))));

  const wanted = quantitiesByProduct(lines);
  const lineCap = placing.maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY;
  refuseShortVariants(lines, lineCap);
  for (const [productId, quantity] of wanted) {
    const product = byId.get(productId);
    if (!product) continue;
    if (quantity > product.stock) throw new HttpError(400, notEnoughStock(product));
    if (quantity > lineCap) throw new HttpError(400, lineCapMessage(lineCap), {}, 'lines');
    const share = shareOfStock(product.stock);
    if (quantity > share) {
      throw new HttpError(
        400,
        `Only ${share} of ${product.title} can be ordered at once while stock is low. Please lower the quantity.`,
        {},
        'lines',
      );
    }
  }
  await takeStock(trx, storeId, stockLinesOf(lines));

  const priced = pricedItems(orderId, lines, newId);
  const itemsTotal = orderTotal(priced);
  await placing.checkPayment?.(trx, {
    storeId,
    userId: user.id,
    itemsTotal,
    postalCode: address.postalCode,
    state: address.state,
  });
  // Worked out here from the catalogue and the store's rules: never a number the shopper sent.
  const { charges, total, lineDiscounts } = await priceCharges(
    trx,
    placement.charges,
    {
      orderId,
      storeId,
      userId: user.id,
      lines,
      itemsTotal,
      shippingAddress: address,
      ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
      ...(input.couponCode ? { couponCode: input.couponCode } : {}),
    },
    priced,
    newId,
  );
  // Each line keeps its share of the coupon's discount (the lines it covered only): a return reads it.
  const items = priced.map((item, index) => ({ ...item, discount: lineDiscounts[index] ?? 0 }));
  const now = nowIso();
  const row: OrderRow = {
    id: orderId,
    store_id: storeId,
    user_id: user.id,
    // A mobile-number account without an email: its order's messages go to the order's phone.
    email: user.email ?? '',
    status: OrderStatus.Pending,
    total,
    full_name: address.fullName,
    address: address.address,
    city: address.city,
    state: address.state,
    postal_code: address.postalCode,
    phone: address.phone,
    phone_digits: digitsOf(address.phone),
    shipping_method: STANDARD_SHIPPING,
    tracking_number: null,
    courier: null,
    tracking_url: null,
    cancel_reason: null,
    payment_provider: placing.paymentProvider,
    client_address: placing.clientAddress,
    delivery_earliest: placement.deliveryEstimate?.earliest ?? null,
    delivery_latest: placement.deliveryEstimate?.latest ?? null,
    created_at: now,
    updated_at: now,
    buyer_gstin: input.buyerGstin ?? null,
    buyer_company: input.buyerCompany ?? null,
  };
  await trx.insertInto('orders').values(row).execute();
  await trx.insertInto('order_items').values(items).execute();
  if (charges.length > 0) await trx.insertInto('order_charges').values(charges).execute();
  await recordEvent(trx, { storeId, orderId, from: null, to: OrderStatus.Pending, by: { actor: 'shopper' } });
  await placing.afterPlaced?.(trx, row);
  await placement.onChange?.(trx, { kind: 'placed', order: row, items, charges });
}

const HOUR_MS = 60 * 60_000;

/** The per-account cap's answer: the words shoppers already know. */
const tooManyOpen = (cap: number) =>
  `You already have ${cap} orders waiting for payment. Please pay for one of them (My Orders → Pay Now) before placing another.`;

/** The address backstop's answer: it speaks of the network, as the shopper's own orders may be few. */
const TOO_MANY_FROM_ADDRESS =
  'Too many unpaid orders were placed from your network in the last hour. Please pay for an order or try again later.';

async function refuseTooManyOpen(
  trx: Database,
  storeId: string,
  userId: string,
  clientAddress: string,
  caps: OpenOrderCaps,
) {
  // PostgreSQL runs orders side by side: one account's (or address's) orders take turns here, so
  // five at once cannot all count three open. SQLite's write lock already runs them one by one.
  await lockForThisTransaction(trx, [
    `open-orders|${storeId}|user|${userId}`,
    `open-orders|${storeId}|address|${clientAddress}`,
  ]);
  const byUser = await trx
    .selectFrom('orders')
    .select('id')
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.Pending)
    // COD orders waiting for their code have their own cap (the store's COD rules).
    .where((eb) => eb.or([eb('payment_provider', 'is', null), eb('payment_provider', '!=', COD_PAYMENT)]))
    .limit(caps.perAccount)
    .execute();
  if (byUser.length >= caps.perAccount) throw conflict(tooManyOpen(caps.perAccount));
  // One address is many shoppers behind an office router or a carrier's CGNAT: only a high backstop here.
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const byAddress = await trx
    .selectFrom('orders')
    .select('id')
    .where('store_id', '=', storeId)
    .where('client_address', '=', clientAddress)
    .where('status', '=', OrderStatus.Pending)
    .where('created_at', '>', since)
    .limit(caps.perAddressPerHour)
    .execute();
  if (byAddress.length >= caps.perAddressPerHour) throw conflict(TOO_MANY_FROM_ADDRESS);
}

/** PostgreSQL advisory locks held until the transaction ends, always taken in the order given. */
async function lockForThisTransaction(trx: Database, keys: string[]): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
