import type { SavedWishlist } from '@netkart/contract';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/features/auth/auth-context';
import { apiRequest } from '@/lib/api-client';
import { replaceWishlist, useWishlist, wishlistNow } from './wishlist';

/** The browser's wishes first, then the kept ones it lacks. */
export const wishlistUnion = (local: string[], kept: string[]): string[] => [...new Set([...local, ...kept])];

const keepWishlist = (productIds: string[]) =>
  apiRequest<SavedWishlist>('/wishlist', { method: 'PUT', body: { productIds } });

/**
 * A signed-in shopper's wishlist is kept on the server too: at sign-in it becomes the union of the
 * kept one and the browser's, and each change after is written back. A guest's stays in the browser.
 */
export function WishlistSync() {
  const { user, loading } = useAuth();
  const ids = useWishlist();
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const lastWritten = useRef('');
  const who = loading ? undefined : (user?.email ?? null);

  useEffect(() => {
    if (who === undefined) return;
    setSyncedFor(null);
    if (who === null) return;
    let cancelled = false;
    void (async () => {
      const kept = await apiRequest<SavedWishlist>('/wishlist');
      if (cancelled || !kept.ok || !kept.data) return;
      const union = wishlistUnion(wishlistNow(), kept.data.productIds);
      replaceWishlist(union);
      lastWritten.current = JSON.stringify(union);
      await keepWishlist(union);
      if (!cancelled) setSyncedFor(who);
    })();
    return () => {
      cancelled = true;
    };
  }, [who]);

  useEffect(() => {
    if (!syncedFor || syncedFor !== who) return;
    const text = JSON.stringify(ids);
    if (text === lastWritten.current) return;
    lastWritten.current = text;
    void keepWishlist(ids);
  }, [syncedFor, who, ids]);

  return null;
}
