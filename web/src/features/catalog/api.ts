import type { NewsletterRequest, NewsletterResponse, Product, ProductListResponse } from '@store/contract';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, isNotFound } from '@/lib/api-client';
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

/** One page of a listing: the query the page and the server's renderer share. */
export function productPageQuery(params: ListingParams) {
  const query = listingQuery(params);
  return queryOptions({ queryKey: ['products', query], queryFn: () => fetchProducts(query) });
}

export const useProductPage = (params: ListingParams) =>
  useQuery({ ...productPageQuery(params), placeholderData: keepPreviousData });

/** Spec section 7: the first store category, lowercased, 4 products. A failure is only logged. */
export function featuredProductsQuery(firstCategory: string | undefined) {
  return queryOptions({
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

export const useFeaturedProducts = (firstCategory: string | undefined) =>
  useQuery(featuredProductsQuery(firstCategory));

/** The distinct product types of a category, from up to 100 of its products. */
export function parentCategoriesQuery(category: string | undefined) {
  return queryOptions({
    queryKey: ['parentCategories', category ?? ''],
    queryFn: async () => {
      const page = await fetchProducts(listingQuery({ category, page: 1 }, PARENT_CATEGORY_LOOKUP_LIMIT));
      const names = page.products.map((product) => product.parentCategory).filter((name): name is string => !!name);
      return [...new Set(names)].sort((a, b) => a.localeCompare(b));
    },
    staleTime: 5 * 60_000,
  });
}

export const useParentCategories = (category: string | undefined) => useQuery(parentCategoriesQuery(category));

export type ProductResult = { status: 'found'; product: StoreProduct } | { status: 'missing' };

/** One product by id; fails with a 404 ApiError when the shop no longer sells it (deleted or hidden). */
export const productQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: ['product', id],
    enabled: !!id,
    retry: (count: number, error: Error) => !isNotFound(error) && count < 2,
    queryFn: async (): Promise<StoreProduct> => {
      const result = await apiRequest<Product>(`/products/${encodeURIComponent(id ?? '')}`);
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load product details');
      if (!result.data?.id) throw new ApiError(404, 'Product not found');
      return toStoreProduct(result.data);
    },
  });

/** A product found missing stays missing on this page (the server may have said so already): no second ask. */
export const useProduct = (id: string | undefined) => useQuery({ ...productQuery(id), retryOnMount: false });

/** Several products by id at once (the cart's and the wishlist's), each its own cached query. */
export const useProductsById = (ids: string[], options: { staleTime?: number } = {}) =>
  useQueries({ queries: ids.map((id) => ({ ...productQuery(id), ...options })) });

/** Signs the address up with the consent notice the shopper saw; the server answers 201 once it is recorded. */
export const subscribeToNewsletter = (input: NewsletterRequest) =>
  apiRequest<NewsletterResponse>('/newsletter', { method: 'POST', body: input });
