import type { SavedWishlist } from '@netkart/contract';
import { useKeptForAccount } from '@/features/auth/use-kept-for-account';
import { apiRequest } from '@/lib/api-client';
import { replaceWishlist, useWishlist } from './wishlist';

/** The browser's wishes first, then the kept ones it lacks. */
export const wishlistUnion = (local: string[], kept: string[]): string[] => [...new Set([...local, ...kept])];

const keepWishlist = (productIds: string[]) =>
  apiRequest<SavedWishlist>('/wishlist', { method: 'PUT', body: { productIds } });

async function unionWithKept(local: string[]): Promise<string[] | undefined> {
  const kept = await apiRequest<SavedWishlist>('/wishlist');
  return kept.ok && kept.data ? wishlistUnion(local, kept.data.productIds) : undefined;
}

/**
 * A signed-in shopper's wishlist is kept on the server too: at sign-in it becomes the union of the
 * kept one and the browser's, and each change after is written back. A guest's stays in the browser.
 */
export function WishlistSync() {
  useKeptForAccount({
    value: useWishlist(),
    mergeWithKept: unionWithKept,
    apply: replaceWishlist,
    write: keepWishlist,
  });
  return null;
}
