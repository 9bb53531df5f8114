import type { RestoredCart } from '@netkart/contract';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { productsForCart } from './api';
import { restoredMessage, restoreIntoCart } from './cart-back';
import { useCart } from './cart-context';
import { mergeWithKept } from './cart-sync';

/**
 * A reminder's link (/cart?restore=…) puts the cart it names back in this browser, at today's
 * prices and within stock: a line already here keeps the larger quantity, so opening the link
 * twice does not double it. The link leaves the address bar once used.
 */
export function useRestoreLink(): void {
  const [params] = useSearchParams();
  const token = params.get('restore');
  const navigate = useNavigate();
  const t = useT();
  const cart = useCart();
  const items = useRef(cart.items);
  items.current = cart.items;
  const replace = useRef(cart.replaceItems);
  replace.current = cart.replaceItems;
  const used = useRef<string | null>(null);

  useEffect(() => {
    if (!token || used.current === token) return;
    used.current = token;
    void (async () => {
      const result = await apiRequest<RestoredCart>(`/cart/restore/${encodeURIComponent(token)}`);
      navigate('/cart', { replace: true });
      if (!result.ok) {
        toast.error(t('cartBack.restoreFailed'), { description: result.error ?? t('cartBack.checkConnection') });
        return;
      }
      const { items: mine, toAdd } = mergeWithKept(items.current, result.data.lines);
      const names = new Map(result.data.lines.map((line) => [line.productId, line.name]));
      const lines = toAdd.map((line) => ({ ...line, name: names.get(line.productId) ?? line.name }));
      try {
        const products = await productsForCart(lines.map((line) => line.productId));
        const restored = restoreIntoCart(mine, lines, products, Number.POSITIVE_INFINITY, t);
        replace.current(restored.items);
        const message = restoredMessage(restored, t);
        if (restored.notAdded.length === 0)
          toast.success(t('cartBack.restored'), { description: t('cartBack.todaysPrices') });
        else toast(message.title, { description: message.description });
      } catch {
        toast.error(t('cartBack.restoreFailed'), { description: t('cartBack.checkConnection') });
      }
    })();
  }, [token, navigate, t]);
}
