import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import { featuredProductsQuery, productPageQuery, productQuery } from '@/features/catalog/api';
import { listingParamsOf } from '@/features/catalog/listing-address';
import { reviewsQuery } from '@/features/catalog/reviews';
import { isPolicySlug } from '@/features/policies/slugs';
import { categoriesOf, storeInfoQuery } from '@/features/store-info/store-info';
import { isNotFound } from '@/lib/api-client';

/**
 * Route loaders, each loaded with its page's code. On the server a page waits for its data, so the
 * HTML holds it and the browser takes it over without asking again; in the browser the data is
 * asked for as the page appears, which shows its own loading state (spec) until it arrives.
 */
const onServer = typeof window === 'undefined';

async function prefetch<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  const fetching = queryClient.prefetchQuery(options);
  if (onServer) await fetching;
}

export async function homePage(queryClient: QueryClient) {
  if (onServer) {
    await prefetch(queryClient, storeInfoQuery);
    const info = queryClient.getQueryData(storeInfoQuery.queryKey);
    await prefetch(queryClient, featuredProductsQuery(categoriesOf(info)[0]?.toLowerCase()));
  }
  return null;
}

/** The listing as the address asks for it (words, sort, filters): its products, facets and search outcome. */
export async function productsPage(queryClient: QueryClient, search: URLSearchParams) {
  await prefetch(queryClient, productPageQuery(listingParamsOf(search)));
  return null;
}

export async function productPage(queryClient: QueryClient, id: string | undefined) {
  const query = productQuery(id);
  await prefetch(queryClient, query);
  // On the server the approved reviews are read too: the page's structured data names them.
  const found = onServer ? queryClient.getQueryData(query.queryKey) : undefined;
  if (found) await prefetch(queryClient, reviewsQuery(found.id));
  // A product the shop does not sell is a real 404 to search engines, with the spec's page.
  if (onServer && isNotFound(queryClient.getQueryState(query.queryKey)?.error)) {
    return data(null, { status: 404 });
  }
  return null;
}

export function policyPage(slug: string | undefined) {
  // The spec sends an unknown address to /404; the server does so before rendering anything.
  if (onServer && !isPolicySlug(slug)) throw redirect('/404');
  return null;
}

export const notFound = () => (onServer ? data(null, { status: 404 }) : null);
