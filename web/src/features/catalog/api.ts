import type { NewsletterRequest, NewsletterResponse, Product, ProductListResponse } from '@store/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { FEATURED_COUNT, type ListingParams, listingQuery, PARENT_CATEGORY_LOOKUP_LIMIT } from './listing';
import { type StoreProduct, toStoreProduct } from './product';

export interface ProductPage {
  products: StoreProduct[];
  total: number;
}

async function fetchProducts(query: ReturnType<typeof listingQuery>): Promise<ProductPage> {
  const result = await apiRequest<ProductListResponse>('/products', { query });
  if (!result.ok) throw new Error(result.error ?? 'Failed to load products.');
  const data = Array.isArray(result.data?.data) ? result.data.data : [];
  const total = result.data?.pagination?.total ?? result.data?.count ?? data.length;
  return { products: data.map(toStoreProduct), total };
}

export function useProductPage(params: ListingParams) {
  const query = listingQuery(params);
  return useQuery({
    queryKey: ['products', query],
    queryFn: () => fetchProducts(query),
    placeholderData: keepPreviousData,
  });
}

/** Spec section 7: the first store category, lowercased, 4 products. A failure is only logged. */
export function useFeaturedProducts(firstCategory: string | undefined) {
  return useQuery({
    queryKey: ['featured', firstCategory],
    enabled: firstCategory !== undefined,
    queryFn: async () => {
      try {
        const page = await fetchProducts(listingQuery({ category: firstCategory, page: 1 }, FEATURED_COUNT));
        return page.products;
      } catch (error) {
        console.error('Featured products failed to load', error);
        return [];
      }
    },
  });
}

/** The distinct product types of a category, from up to 100 of its products. */
export function useParentCategories(category: string | undefined) {
  return useQuery({
    queryKey: ['parentCategories', category ?? ''],
    queryFn: async () => {
      const page = await fetchProducts(listingQuery({ category, page: 1 }, PARENT_CATEGORY_LOOKUP_LIMIT));
      const names = page.products.map((product) => product.parentCategory).filter((name): name is string => !!name);
      return [...new Set(names)].sort((a, b) => a.localeCompare(b));
    },
    staleTime: 5 * 60_000,
  });
}

export type ProductResult = { status: 'found'; product: StoreProduct } | { status: 'missing' };

/** One product by id; fails with 'missing' when the shop no longer sells it (deleted or hidden). */
export const productQuery = (id: string | undefined) => ({
  queryKey: ['product', id],
  enabled: !!id,
  retry: (count: number, error: Error) => error.message !== 'missing' && count < 2,
  queryFn: async (): Promise<StoreProduct> => {
    const result = await apiRequest<Product>(`/products/${encodeURIComponent(id ?? '')}`);
    if (!result.ok && result.status === 404) throw new Error('missing');
    if (!result.ok || !result.data?.id) throw new Error(result.ok ? 'missing' : (result.error ?? 'failed'));
    return toStoreProduct(result.data);
  },
});

export const useProduct = (id: string | undefined) => useQuery(productQuery(id));

/** Several products by id at once (the cart's and the wishlist's), each its own cached query. */
export const useProductsById = (ids: string[], options: { staleTime?: number } = {}) =>
  useQueries({ queries: ids.map((id) => ({ ...productQuery(id), ...options })) });

/** Signs the address up with the consent notice the shopper saw; the server answers 201 once it is recorded. */
export const subscribeToNewsletter = (input: NewsletterRequest) =>
  apiRequest<NewsletterResponse>('/newsletter', { method: 'POST', body: input });
