import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { restoreIntoCart } from './cart-back';
import { useCart } from './cart-context';
import type { CartItem } from './cart-rules';
import { fetchKeptCart, keepCart, mergeWithKept } from './cart-sync';

/** Writes after a pause, so a quantity clicked up five times is one request. */
const WRITE_AFTER_MS = 400;

/**
 * A signed-in shopper's cart is kept on the server too: at sign-in the kept cart and the
 * browser's become one (see mergeWithKept), and each change after is written back. A guest's
 * cart stays in the browser only; a failed request leaves the browser's cart as it is.
 */
export function CartSync() {
  const { user, loading } = useAuth();
  const cart = useCart();
  const items = useRef<CartItem[]>(cart.items);
  items.current = cart.items;
  const replace = useRef(cart.replaceItems);
  replace.current = cart.replaceItems;
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const lastWritten = useRef('');
  const who = loading ? undefined : (user?.email ?? null);

  useEffect(() => {
    if (who === undefined) return;
    setSyncedFor(null);
    if (who === null) return;
    let cancelled = false;
    void (async () => {
      const kept = await fetchKeptCart();
      if (cancelled || !kept.ok || !kept.data) return;
      const { items: mine, toAdd } = mergeWithKept(items.current, kept.data.lines);
      let merged = mine;
      if (toAdd.length > 0) {
        try {
          // Loaded when needed: the product reads bring the wire format's checks, kept off the first page's script.
          const { productsForCart } = await import('./api');
          merged = restoreIntoCart(mine, toAdd, await productsForCart(toAdd.map((line) => line.productId))).items;
        } catch {
          // The kept lines could not be read now: the browser's cart stays, and is written as it is.
        }
      }
      if (cancelled) return;
      replace.current(merged);
      lastWritten.current = JSON.stringify(merged);
      await keepCart(merged);
      if (!cancelled) setSyncedFor(who);
    })();
    return () => {
      cancelled = true;
    };
  }, [who]);

  useEffect(() => {
    if (!syncedFor || syncedFor !== who) return;
    const text = JSON.stringify(cart.items);
    if (text === lastWritten.current) return;
    const write = (keepalive: boolean) => {
      lastWritten.current = text;
      void keepCart(cart.items, false, keepalive);
    };
    const timer = setTimeout(() => write(false), WRITE_AFTER_MS);
    // A page left within the pause (a reload, a typed address) still sends the change, or the next
    // page would merge the older kept cart back in.
    const leaving = () => {
      clearTimeout(timer);
      write(true);
    };
    window.addEventListener('pagehide', leaving);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', leaving);
    };
  }, [syncedFor, who, cart.items]);

  return null;
}
