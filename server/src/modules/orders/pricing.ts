import type { OrderLine } from '@netkart/contract';
import type { OrderItemRow } from '../../db/schema.js';
import type { ChosenLine, OrderedProduct } from './lines.js';

/** What one of a product (or of its variant) costs: its discounted price when it has one, in paise. */
export const unitPrice = (product: Pick<OrderedProduct, 'regular_price' | 'discounted_price'>): number =>
  Number(product.discounted_price ?? product.regular_price);

/** Lines of the same product with the same variant, size and colour become one line. */
export function mergeSameChoices<L extends OrderLine & { product: OrderedProduct }>(lines: L[]): L[] {
  const merged = new Map<string, L>();
  for (const line of lines) {
    const key = JSON.stringify([line.productId, line.variantSku ?? null, line.size ?? null, line.color ?? null]);
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: earlier.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/** How many of each product the lines ask for, added up across sizes and colours. */
export function quantitiesByProduct(lines: ChosenLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.product.id, (wanted.get(line.product.id) ?? 0) + line.quantity);
  return wanted;
}

/**
 * The order's items, each a snapshot of the product's title and price now, and its tax as sold.
 * `newId` names each item.
 */
export function pricedItems(orderId: string, lines: ChosenLine[], newId: () => string): OrderItemRow[] {
  return lines.map((line, position) => ({
    id: newId(),
    order_id: orderId,
    product_id: line.product.id,
    product_title: line.product.title,
    quantity: line.quantity,
    unit_price: unitPrice(line.variant ?? line.product),
    position,
    size: line.size ?? null,
    color: line.color ?? null,
    // The line is taxed at the HSN and rate it was sold at, whatever the catalogue says later.
    hsn: line.product.hsn,
    gst_rate: line.product.gst_rate,
    // Its share of a coupon's discount: placing fills it in once the charges are priced.
    discount: 0,
    variant_sku: line.variant?.sku ?? null,
  }));
}

/** The order's total in paise: each item's price times its quantity. */
export const orderTotal = (items: Pick<OrderItemRow, 'unit_price' | 'quantity'>[]): number =>
  items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
