import type { StoreInfo } from '@netkart/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Spec section 7: categories default to ['Accessories'] on error or when missing. */
export const FALLBACK_CATEGORIES = ['Accessories'];
/**
 * Spec: the store name, else the company name, else a default brand text. Only for store info
 * that has arrived with neither name; before it arrives (or when it fails) the chrome shows a
 * placeholder, never a brand.
 */
export const DEFAULT_BRAND = 'Online Store';

export const storeInfoQuery = queryOptions({
  queryKey: ['storeInfo'],
  queryFn: async (): Promise<StoreInfo> => {
    const result = await apiRequest<StoreInfo>('/storeInfo');
    if (!result.ok || !result.data || typeof result.data !== 'object')
      throw new Error(result.ok ? 'empty' : (result.error ?? 'failed'));
    return result.data;
  },
  staleTime: 5 * 60_000,
});

let failureShown = false;

export function useStoreInfo() {
  const query = useQuery(storeInfoQuery);
  useEffect(() => {
    if (query.isError && !failureShown) {
      failureShown = true;
      toast.error('Error', { description: 'Failed to load store information. Please refresh the page.' });
    }
  }, [query.isError]);
  const storeInfo = query.data ?? null;
  const categories = categoriesOf(storeInfo);
  return { storeInfo, categories, isLoading: query.isLoading, isError: query.isError };
}

/** Spec: the store name, else the company name, else a default brand text (of a store info that has arrived). */
export const storeNameOf = (storeInfo: StoreInfo) => storeInfo.storeName || storeInfo.companyName || DEFAULT_BRAND;

/** The store's categories, or the spec's fallback when it has none (or has not answered). */
export const categoriesOf = (storeInfo: StoreInfo | null | undefined): string[] =>
  storeInfo && Array.isArray(storeInfo.categories) && storeInfo.categories.length > 0
    ? storeInfo.categories
    : FALLBACK_CATEGORIES;
