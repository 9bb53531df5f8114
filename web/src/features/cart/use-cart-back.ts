import { useStoreInfo } from '@/features/store-info/store-info';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { productsForCart } from './api';
import { type LineToRestore, type Restored, restoredMessage, restoreIntoCart } from './cart-back';
import { useCart } from './cart-context';

/**
 * Puts an earlier order's lines back in the cart (a cancelled unpaid order, Order again): each
 * product read as the shop sells it now, merged within stock and the store's cap, and the shopper
 * told what came back and what did not. Undefined when the products could not be read.
 */
export function useCartBack() {
  const cart = useCart();
  const t = useT();
  const cap = useStoreInfo().storeInfo?.maxLineQuantity ?? Number.POSITIVE_INFINITY;
  return async (lines: LineToRestore[]): Promise<Restored | undefined> => {
    let products: Awaited<ReturnType<typeof productsForCart>>;
    try {
      products = await productsForCart(lines.map((line) => line.productId));
    } catch {
      toast.error(t('cartBack.failed'), { description: t('cartBack.checkConnection') });
      return undefined;
    }
    const restored = restoreIntoCart(cart.items, lines, products, cap, t);
    if (restored.added.length > 0) cart.replaceItems(restored.items);
    const message = restoredMessage(restored, t);
    if (restored.added.length > 0) toast.success(message.title, { description: message.description });
    else toast.error(message.title, { description: message.description });
    return restored;
  };
}
