import { useKeptForAccount } from '@/features/auth/use-kept-for-account';
import { restoreIntoCart } from './cart-back';
import { useCart } from './cart-context';
import type { CartItem } from './cart-rules';
import { fetchKeptCart, keepCart, mergeWithKept } from './cart-sync';

/** The kept cart and the browser's as one (see mergeWithKept); undefined when the kept one cannot be read. */
async function mergedWithKept(local: CartItem[]): Promise<CartItem[] | undefined> {
  const kept = await fetchKeptCart();
  if (!kept.ok || !kept.data) return undefined;
  const { items: mine, toAdd } = mergeWithKept(local, kept.data.lines);
  if (toAdd.length === 0) return mine;
  try {
    // Loaded when needed: the product reads bring the wire format's checks, kept off the first page's script.
    const { productsForCart } = await import('./api');
    return restoreIntoCart(mine, toAdd, await productsForCart(toAdd.map((line) => line.productId))).items;
  } catch {
    // The kept lines could not be read now: the browser's cart stays, and is written as it is.
    return mine;
  }
}

/**
 * A signed-in shopper's cart is kept on the server too: at sign-in the kept cart and the
 * browser's become one, and each change after is written back, a moment after the last click.
 * A guest's cart stays in the browser only; a failed request leaves the browser's cart as it is.
 */
export function CartSync() {
  const cart = useCart();
  useKeptForAccount({
    value: cart.items,
    mergeWithKept: mergedWithKept,
    apply: cart.replaceItems,
    write: (items) => keepCart(items),
    writeAfterMs: 400,
  });
  return null;
}
