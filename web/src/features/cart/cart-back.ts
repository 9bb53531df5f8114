import { englishT, type Translate } from '@/lib/i18n';
import { type CartItem, lineKey, unitsOf } from './cart-rules';

/** One line of an earlier order to put back in the cart. */
export interface LineToRestore {
  productId: string;
  /** The name the order gave it: said when the product itself is gone. */
  name: string;
  quantity: number;
  size?: string | null;
  color?: string | null;
  /** The variant it was (a product with options); its own price and stock count, not the product's. */
  variantSku?: string;
}

/** A product as the shop sells it now: its current name, price, picture and stock. */
export interface ProductForCart {
  name: string;
  price: number;
  image: string;
  stock: number;
  /** A product with options: each variant's own price and stock, by SKU. */
  variants?: ReadonlyMap<string, { price: number; stock: number }>;
}

/** What the shop said of each product asked for: sold now, or gone (deleted or hidden). */
export type ProductsNow = ReadonlyMap<string, ProductForCart | 'gone'>;

export interface NotRestored {
  name: string;
  /** What the shopper is told: '… could not be added: no longer sold.' */
  reason: string;
}

export interface Restored {
  items: CartItem[];
  /** Lines added or grown, with how many units went in. */
  added: Array<{ name: string; quantity: number }>;
  /** Lines that went in only in part, or not at all, and why. */
  notAdded: NotRestored[];
}

/**
 * Merges an order's lines into the cart at today's prices: a line of the same product, size and
 * colour grows, the rest are added; each product stays within its stock and the store's cap on one
 * product per order (counted over all its lines, the cart's own included). What does not fit is
 * said, line by line, so the shopper knows what is missing and why, in the page's language (`t`; its
 * words are in the checkout's part of the catalogue).
 */
export function restoreIntoCart(
  cart: CartItem[],
  lines: LineToRestore[],
  products: ProductsNow,
  cap = Number.POSITIVE_INFINITY,
  t: Translate = englishT,
): Restored {
  const units = (count: number) => t('cartBack.units', { count });
  let items = cart;
  const added: Restored['added'] = [];
  const notAdded: NotRestored[] = [];
  for (const line of lines) {
    const sold = products.get(line.productId);
    if (!sold || sold === 'gone') {
      notAdded.push({ name: line.name, reason: t('cartBack.noLongerSold') });
      continue;
    }
    // A variant is sold at its own price from its own stock; one no longer offered is not sold.
    const variant = line.variantSku ? sold.variants?.get(line.variantSku) : undefined;
    if (line.variantSku && !variant) {
      notAdded.push({ name: sold.name, reason: t('cartBack.noLongerSold') });
      continue;
    }
    const product = variant ? { ...sold, ...variant } : sold;
    if (product.stock <= 0) {
      notAdded.push({ name: product.name, reason: t('cartBack.outOfStock') });
      continue;
    }
    const most = Math.min(product.stock, cap);
    const room = Math.max(0, most - unitsOf(items, line.productId));
    const quantity = Math.min(line.quantity, room);
    if (quantity < line.quantity) {
      const limit =
        cap < product.stock
          ? t('cartBack.capLimit', { cap })
          : t('cartBack.stockLimit', { units: units(product.stock) });
      const already = unitsOf(items, line.productId);
      notAdded.push({
        name: product.name,
        reason:
          quantity === 0
            ? t('cartBack.alreadyHolds', { units: units(already), limit })
            : t('cartBack.partly', { added: units(quantity), wanted: line.quantity, limit }),
      });
    }
    if (quantity === 0) continue;
    const wanted: CartItem = {
      id: line.productId,
      name: product.name,
      image: product.image,
      price: product.price,
      quantity,
      ...(line.size ? { selectedSize: line.size } : {}),
      ...(line.color ? { selectedColor: line.color } : {}),
      ...(line.variantSku ? { variantSku: line.variantSku } : {}),
    };
    const key = lineKey(wanted);
    const existing = items.find((item) => lineKey(item) === key);
    items = existing
      ? items.map((item) =>
          item === existing ? { ...item, price: product.price, quantity: item.quantity + quantity } : item,
        )
      : [...items, wanted];
    added.push({ name: product.name, quantity });
  }
  return { items, added, notAdded };
}

/** What the shopper is told after: how much came back, and each line that did not (fully). */
export function restoredMessage(restored: Restored, t: Translate = englishT): { title: string; description: string } {
  const count = restored.added.reduce((sum, line) => sum + line.quantity, 0);
  const missing = restored.notAdded
    .map((line) => t('cartBack.line', { name: line.name, reason: line.reason }))
    .join(' ');
  if (count === 0) {
    return { title: t('cartBack.nothing'), description: missing };
  }
  return {
    title: t('cartBack.back', { count }),
    description: missing ? t('cartBack.notInFull', { missing }) : t('cartBack.todaysPrices'),
  };
}
