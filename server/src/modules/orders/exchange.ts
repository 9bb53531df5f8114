import { OrderStatus } from '@netkart/contract';
import type { Database, OrderItemRow, OrderRow } from '../../db/schema.js';
import { newId, newOrderNumber, nowIso } from '../../shared/ids.js';
import { takeStock } from '../catalog/stock.js';
import { recordEvent } from './moves.js';

/**
 * An exchange's replacement, in the caller's transaction: a new order to the same address for the
 * same products, size and colour, at no charge, Processing (ready to ship), its stock taken. It
 * gets no invoice and no "order placed" mail: nothing is sold, and the shopper is told by the
 * return's own mail. Another size or colour (variants) comes later.
 */
export async function placeExchange(
  trx: Database,
  original: OrderRow,
  lines: { item: OrderItemRow; quantity: number }[],
  note: string,
): Promise<string> {
  const id = newOrderNumber();
  const now = nowIso();
  const row: OrderRow = {
    ...original,
    id,
    status: OrderStatus.Processing,
    total: 0,
    tracking_number: null,
    courier: null,
    tracking_url: null,
    cancel_reason: null,
    payment_provider: null,
    client_address: null,
    delivery_earliest: null,
    delivery_latest: null,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('orders').values(row).execute();
  await trx
    .insertInto('order_items')
    .values(
      lines.map(({ item, quantity }, position) => ({
        ...item,
        id: newId(),
        order_id: id,
        quantity,
        unit_price: 0,
        // A replacement at no charge took no part of a discount.
        discount: 0,
        position,
      })),
    )
    .execute();
  await takeStock(
    trx,
    original.store_id,
    lines.map(({ item, quantity }) => ({ productId: item.product_id, quantity, variantSku: item.variant_sku })),
  );
  await recordEvent(trx, {
    storeId: original.store_id,
    orderId: id,
    from: null,
    to: OrderStatus.Processing,
    by: { actor: 'system', note },
  });
  return id;
}
