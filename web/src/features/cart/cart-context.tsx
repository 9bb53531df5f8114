import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import * as rules from './cart-rules';
import { CART_STORAGE_KEY, type CartItem, parseStoredCart } from './cart-rules';

export type { CartItem } from './cart-rules';

export interface CartState {
  items: CartItem[];
  /** The number of units in the cart (the header's badge). */
  itemCount: number;
  subtotal: number;
  addItem(item: Omit<CartItem, 'quantity'> & { quantity?: number }): void;
  /** Removes the line of that size and colour, or every line of the id when none are given. */
  removeItem(id: string, selectedSize?: string, selectedColor?: string): void;
  updateQuantity(id: string, quantity: number, selectedSize?: string, selectedColor?: string): void;
  clearCart(options?: { silent?: boolean }): void;
  /** Replaces the cart with lines already merged and checked (see cart-back.ts), silently: the caller says what changed. */
  replaceItems(items: CartItem[]): void;
}

const CartContext = createContext<CartState | null>(null);

/** The cart as localStorage holds it, read again only when its text changes. */
const NO_ITEMS: CartItem[] = [];
const CART_CHANGE_EVENT = 'cart-change';
let storedText: string | null = null;
let storedItems: CartItem[] = NO_ITEMS;

function readStoredCart(): CartItem[] {
  const text = window.localStorage.getItem(CART_STORAGE_KEY);
  if (text !== storedText) {
    storedText = text;
    const items = parseStoredCart(text);
    // An empty cart is the very array the server rendered with: any other, even an empty one, has
    // React render every page again, synchronously, as soon as it has hydrated it.
    storedItems = items.length > 0 ? items : NO_ITEMS;
  }
  return storedItems;
}

/** This tab's changes and another tab's (the storage event) alike. */
function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGE_EVENT, onChange);
  };
}

function save(next: CartItem[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CART_CHANGE_EVENT));
}

export function CartProvider({ children }: { children: ReactNode }) {
  // The server knows no cart: the page it renders shows an empty one, filled in as the browser takes over.
  const items = useSyncExternalStore(subscribe, readStoredCart, () => NO_ITEMS);
  const t = useT();

  const value = useMemo<CartState>(
    () => ({
      items,
      itemCount: rules.itemCountOf(items),
      subtotal: rules.subtotalOf(items),
      addItem(item) {
        const result = rules.addItem(items, { ...item, quantity: Math.max(1, item.quantity ?? 1) });
        save(result.items);
        if (result.change === 'added') toast.success(t('cartToast.added'), { description: item.name });
        else toast.success(t('cartToast.updated'), { description: item.name });
      },
      removeItem(id, selectedSize, selectedColor) {
        save(rules.removeItem(items, id, selectedSize, selectedColor));
        toast(t('cartToast.removed'));
      },
      updateQuantity(id, quantity, selectedSize, selectedColor) {
        const next = rules.updateQuantity(items, id, quantity, selectedSize, selectedColor);
        if (next === items) return;
        save(next);
        toast(t('cartToast.updated'));
      },
      clearCart(options) {
        save([]);
        if (!options?.silent) toast(t('cartToast.cleared'), { description: t('cartToast.clearedText') });
      },
      replaceItems(next) {
        save(next);
      },
    }),
    [items, t],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart needs a CartProvider');
  return cart;
}
