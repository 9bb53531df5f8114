import type {
  NewsletterRequest,
  NewsletterResponse,
  Product,
  ProductFacets,
  ProductListResponse,
  StockNoticeRequest,
  StockNoticeResponse,
  Suggestion,
  SuggestResponse,
} from '@netkart/contract';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, isNotFound } from '@/lib/api-client';
import { NOT_THE_PAGES_DATA } from '@/lib/network-status';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { FEATURED_COUNT, type ListingParams, listingQuery } from './listing';
import { type StoreProduct, toStoreProduct } from './product';

/**
 * What a search answered: the words, the spelling searched instead when they were mistyped, the
 * words searched when some were left out, and the price and order the words asked for.
 */
export type SearchOutcome = NonNullable<ProductListResponse['search']>;

export interface ProductPage {
  products: StoreProduct[];
  total: number;
  /** What the listing holds, to narrow it further (none when the answer had none). */
  facets: ProductFacets;
  /** Only for a search. */
  search: SearchOutcome | null;
}

const noFacets = (): ProductFacets => ({
  types: [],
  prices: [],
  inStock: 0,
  origins: [],
  attributes: [],
  options: [],
});

async function fetchProducts(query: ReturnType<typeof listingQuery>): Promise<ProductPage> {
  const result = await apiRequest<ProductListResponse>('/products', { query });
  if (!result.ok) throw new Error(result.error ?? 'Failed to load products.');
  const data = Array.isArray(result.data?.data) ? result.data.data : [];
  const total = result.data?.pagination?.total ?? result.data?.count ?? data.length;
  const facets = result.data?.facets;
  return {
    products: data.map(toStoreProduct),
    total,
    facets: facets ? { ...noFacets(), ...facets } : noFacets(),
    search: result.data?.search ?? null,
  };
}

/** One page of a listing: the query the page and the server's renderer share. */
export function productPageQuery(params: ListingParams) {
  const query = listingQuery(params);
  return queryOptions({ queryKey: ['products', query], queryFn: () => fetchProducts(query) });
}

export const useProductPage = (params: ListingParams) =>
  useQuery({ ...productPageQuery(params), placeholderData: keepPreviousData });

/** Suggestions start from this many typed characters: one letter matches too much to help. */
export const SUGGEST_MIN_LENGTH = 2;
const SUGGEST_DELAY_MS = 150;

/** What the search box offers for these words: categories and types first, then products. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['suggestions', q],
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    meta: NOT_THE_PAGES_DATA,
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<{ q: string; suggestions: Suggestion[] }> => {
      const result = await apiRequest<SuggestResponse>('/products/suggest', { query: { q }, signal });
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load suggestions.');
      return { q, suggestions: Array.isArray(result.data?.suggestions) ? result.data.suggestions : [] };
    },
  });

/** Typing on from (or back to) the words suggestions were for: they still fit while the next ones come. */
const related = (typed: string, askedFor: string) => {
  const [a, b] = [typed.toLowerCase(), askedFor.toLowerCase()];
  return a.startsWith(b) || b.startsWith(a);
};

/**
 * Suggestions for what the shopper is typing, asked for once typing pauses (and only while the box is
 * in use); the last ones stay in view meanwhile if they were for the same start of the words. Under
 * SUGGEST_MIN_LENGTH characters nothing is asked and nothing offered.
 */
export function useSuggestions(text: string, inUse = true): Suggestion[] {
  const typed = text.trim();
  const q = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const { data } = useQuery({
    ...suggestionsQuery(q),
    enabled: inUse && q.length >= SUGGEST_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
  if (!data || typed.length < SUGGEST_MIN_LENGTH || !related(typed, data.q)) return [];
  return data.suggestions;
}

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

/** Several products by id at once (the wishlist's), each its own cached query. */
export const useProductsById = (ids: string[]) => useQueries({ queries: ids.map((id) => productQuery(id)) });

/** Signs the address up with the consent notice the shopper saw; the server answers 201 once it is recorded. */
export const subscribeToNewsletter = (input: NewsletterRequest) =>
  apiRequest<NewsletterResponse>('/newsletter', { method: 'POST', body: input });

/** "Notify me" on an out-of-stock product: one email when it is back (201 once recorded, 409 if it is in stock). */
export const askToBeNotified = (
  productId: string,
  input: Pick<StockNoticeRequest, 'email'> & { variantSku?: string; language?: 'en' | 'hi' },
) =>
  apiRequest<StockNoticeResponse>(`/products/${encodeURIComponent(productId)}/notify`, { method: 'POST', body: input });
