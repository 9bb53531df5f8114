import { type CreateOrderInput, digitsOf, OrderStatus } from '@store/contract';
import { SqliteAdapter, sql } from 'kysely';
import type { Database, OrderRow, UserRow } from '../../db/schema.js';
import { conflict, HttpError } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { notEnoughStock, productsToOrder, takeStock } from '../catalog/stock.js';
import { chooseOptions } from './lines.js';
import { type OrderChangeHook, recordEvent } from './moves.js';
import { mergeSameChoices, orderTotal, pricedItems, quantitiesByProduct } from './pricing.js';

export const STANDARD_SHIPPING = 'Standard Shipping';

export interface PlaceOrder {
  /** The store's payment provider now: it decides how long the order may wait for payment. */
  paymentProvider: string;
  /** The shopper's network address, for the cap on unpaid orders. */
  clientAddress: string;
}

/** What placing an order is given besides the cart: its number, the cap on unpaid orders, and who hears of it. */
export interface Placement {
  orderId: string;
  storeId: string;
  user: UserRow;
  maxOpenOrders: number;
  onChange: OrderChangeHook | undefined;
}

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
  await refuseTooManyOpen(trx, storeId, user.id, placing.clientAddress, placement.maxOpenOrders);
  const productIds = [...new Set(input.lines.map((line) => line.productId))].sort();
  const products = await productsToOrder(trx, storeId, productIds);
  const byId = new Map(products.map((product) => [product.id, product]));
  if (productIds.some((id) => !byId.has(id))) {
    throw new HttpError(400, 'Some products in your cart are no longer available. Please review your cart.');
  }
  const lines = mergeSameChoices(input.lines.map((line) => chooseOptions(line, byId.get(line.productId))));

  const wanted = quantitiesByProduct(lines);
  for (const [productId, quantity] of wanted) {
    const product = byId.get(productId);
    if (product && quantity > product.stock) throw new HttpError(400, notEnoughStock(product));
  }
  await takeStock(
    trx,
    storeId,
    [...wanted].map(([productId, quantity]) => ({ productId, quantity })),
  );

  const items = pricedItems(orderId, lines, newId);
  const now = nowIso();
  const row: OrderRow = {
    id: orderId,
    store_id: storeId,
    user_id: user.id,
    email: user.email,
    status: OrderStatus.Pending,
    total: orderTotal(items),
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
    created_at: now,
    updated_at: now,
    buyer_gstin: input.buyerGstin ?? null,
    buyer_company: input.buyerCompany ?? null,
  };
  await trx.insertInto('orders').values(row).execute();
  await trx.insertInto('order_items').values(items).execute();
  await recordEvent(trx, { storeId, orderId, from: null, to: OrderStatus.Pending, by: { actor: 'shopper' } });
  await placement.onChange?.(trx, { kind: 'placed', order: row, items });
}

async function refuseTooManyOpen(
  trx: Database,
  storeId: string,
  userId: string,
  clientAddress: string,
  maxOpenOrders: number,
) {
  // PostgreSQL runs orders side by side: one account's (or address's) orders take turns here, so
  // five at once cannot all count three open. SQLite's write lock already runs them one by one.
  await lockForThisTransaction(trx, [
    `open-orders|${storeId}|user|${userId}`,
    `open-orders|${storeId}|address|${clientAddress}`,
  ]);
  const open = (column: 'user_id' | 'client_address', value: string) =>
    trx
      .selectFrom('orders')
      .select('id')
      .where('store_id', '=', storeId)
      .where(column, '=', value)
      .where('status', '=', OrderStatus.Pending)
      .limit(maxOpenOrders)
      .execute();
  const [byUser, byAddress] = await Promise.all([open('user_id', userId), open('client_address', clientAddress)]);
  if (byUser.length >= maxOpenOrders || byAddress.length >= maxOpenOrders) {
    throw conflict(
      `You already have ${maxOpenOrders} orders waiting for payment. Please pay for one of them (My Orders → Pay Now) before placing another.`,
    );
  }
}

/** PostgreSQL advisory locks held until the transaction ends, always taken in the order given. */
async function lockForThisTransaction(trx: Database, keys: string[]): Promise<void> {
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const key of keys) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
