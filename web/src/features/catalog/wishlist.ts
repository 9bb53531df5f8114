import { useSyncExternalStore } from 'react';

/** A local wishlist (ids in localStorage), so Add to Wishlist does something a shopper can see. */
const WISHLIST_KEY = 'wishlist';
const CHANGE_EVENT = 'wishlist-change';

function read(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(WISHLIST_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The server's snapshot, and the browser's while the wishlist is empty. */
const NOTHING: string[] = [];
// An empty wishlist is the very array the server rendered with: any other array, even an empty one,
// has React render the product page again, synchronously, as soon as it has hydrated it.
let snapshot: string[] = NOTHING;
let snapshotText = '[]';
function getSnapshot(): string[] {
  const text = window.localStorage.getItem(WISHLIST_KEY) ?? '[]';
  if (text !== snapshotText) {
    snapshotText = text;
    const ids = read();
    snapshot = ids.length > 0 ? ids : NOTHING;
  }
  return snapshot;
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The server knows no wishlist: the page it renders shows none, filled in as the browser takes over. */
export const useWishlist = () => useSyncExternalStore(subscribe, getSnapshot, () => NOTHING);

/** The browser's wishlist as it is now (outside React). */
export const wishlistNow = (): string[] => read();

/** Replaces the browser's wishlist (the union with the kept one, at sign-in). */
export function replaceWishlist(ids: string[]): void {
  window.localStorage.setItem(WISHLIST_KEY, JSON.stringify(ids));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Adds or removes the product; true when it is now in the wishlist. */
export function toggleWishlist(id: string): boolean {
  const ids = read();
  const next = ids.includes(id) ? ids.filter((item) => item !== id) : [...ids, id];
  window.localStorage.setItem(WISHLIST_KEY, JSON.stringify(next));
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return next.includes(id);
}
