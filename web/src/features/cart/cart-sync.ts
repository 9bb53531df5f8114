import type { CartLineInput, SavedCart } from '@netkart/contract';
import { apiRequest } from '@/lib/api-client';
import type { LineToRestore } from './cart-back';
import { type CartItem, lineKey } from './cart-rules';

/** A kept line's key, as the browser's lines are keyed: the product with its size, colour and variant. */
const keptKey = (line: Pick<CartLineInput, 'productId' | 'size' | 'color' | 'variantSku'>) =>
  lineKey({
    id: line.productId,
    selectedSize: line.size ?? undefined,
    selectedColor: line.color ?? undefined,
    variantSku: line.variantSku ?? undefined,
  });

/** The browser's cart as the server keeps it: what each line is, not how it is shown. */
export const keptLinesOf = (items: CartItem[]): CartLineInput[] =>
  items.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    ...(item.selectedSize ? { size: item.selectedSize } : {}),
    ...(item.selectedColor ? { color: item.selectedColor } : {}),
    ...(item.variantSku ? { variantSku: item.variantSku } : {}),
  }));

/**
 * At sign-in, the browser's cart and the kept one become one: every line of both, the larger
 * quantity where both hold the same product, size, colour and variant. The browser's lines come back
 * as they are (with the larger quantity); the kept-only ones are to be read from the shop
 * (their names, prices and stock) and added.
 */
export function mergeWithKept(
  local: CartItem[],
  kept: SavedCart['lines'],
): { items: CartItem[]; toAdd: LineToRestore[] } {
  const keptByKey = new Map(kept.map((line) => [keptKey(line), line]));
  const items = local.map((item) => {
    const other = keptByKey.get(lineKey(item));
    return other && other.quantity > item.quantity ? { ...item, quantity: other.quantity } : item;
  });
  const localKeys = new Set(local.map(lineKey));
  const toAdd = kept
    .filter((line) => !localKeys.has(keptKey(line)))
    .map((line) => ({
      productId: line.productId,
      name: line.productId,
      quantity: line.quantity,
      size: line.size ?? null,
      color: line.color ?? null,
      ...(line.variantSku ? { variantSku: line.variantSku } : {}),
    }));
  return { items, toAdd };
}

export const fetchKeptCart = () => apiRequest<SavedCart>('/cart');

/**
 * Writes the cart to the server; `checkout` when the shopper has reached checkout with it,
 * `keepalive` when the page is being left.
 */
export const keepCart = (items: CartItem[], checkout = false, keepalive = false) =>
  apiRequest<SavedCart>('/cart', {
    method: 'PUT',
    body: { lines: keptLinesOf(items), ...(checkout ? { checkout: true } : {}) },
    ...(keepalive ? { keepalive: true } : {}),
  });
