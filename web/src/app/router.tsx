import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { RequireAuth } from '@/features/auth/RequireAuth';
import { storeInfoQuery } from '@/features/store-info/store-info';
import { loadWordsOf, type WordPart } from '@/lib/i18n';
import { localeOfPath } from '@/lib/i18n/locale';
import { AuthLayout } from './layouts/AuthLayout';
import { MainLayout } from './layouts/MainLayout';
import { PageError } from './layouts/OfflineNotice';

type Loaders = typeof import('./loaders');

/**
 * Every page is its own chunk, with its loader (which fetches its data on the server) and the parts
 * of the message catalogue it shows beside it: the home page downloads only what it shows.
 */
const page =
  (
    module: () => Promise<{ default: ComponentType }>,
    loaderOf?: ((loaders: Loaders) => LoaderFunction) | null,
    words: readonly WordPart[] = [],
  ) =>
  async () => {
    const [{ default: Component }, loaders] = await Promise.all([
      module(),
      loaderOf ? import('./loaders') : null,
      typeof window === 'undefined' ? null : loadWordsOf(words, localeOfPath(window.location.pathname)),
    ]);
    return loaderOf && loaders ? { Component, loader: loaderOf(loaders) } : { Component };
  };

/** The layouts' loader: the store's details that every page's frame shows. */
async function storeInfoLoader(queryClient: QueryClient) {
  const fetching = queryClient.prefetchQuery(storeInfoQuery);
  if (typeof window === 'undefined') await fetching;
  return null;
}

/** Every route of the spec (section 2), in one table. Pages that show the catalogue load it first on the server. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const storeInfo = () => storeInfoLoader(queryClient);
  return [
    {
      element: <AuthLayout />,
      loader: storeInfo,
      children: [
        { path: '/login', lazy: page(() => import('@/features/auth/pages/LoginPage')) },
        { path: '/register', lazy: page(() => import('@/features/auth/pages/RegisterPage')) },
        { path: '/forgot-password', lazy: page(() => import('@/features/auth/pages/ForgotPasswordPage')) },
        { path: '/reset-password', lazy: page(() => import('@/features/auth/pages/ResetPasswordPage')) },
        { path: '/verify-email', lazy: page(() => import('@/features/auth/pages/VerifyEmailPage')) },
      ],
    },
    {
      element: <MainLayout />,
      loader: storeInfo,
      children: [
        {
          // A page whose code cannot be fetched (offline, its first visit) is told inside the layout.
          errorElement: <PageError />,
          children: [
            {
              path: '/',
              lazy: page(
                () => import('@/features/catalog/pages/HomePage'),
                (load) => () => load.homePage(queryClient),
              ),
            },
            {
              path: '/products',
              lazy: page(
                () => import('@/features/catalog/pages/ProductsPage'),
                (load) =>
                  ({ request }) =>
                    load.productsPage(queryClient, new URL(request.url).searchParams),
              ),
            },
            {
              path: '/product/:id',
              lazy: page(
                () => import('@/features/catalog/pages/ProductPage'),
                (load) =>
                  ({ params }) =>
                    load.productPage(queryClient, params.id),
                ['product'],
              ),
            },
            { path: '/categories', lazy: page(() => import('@/features/catalog/pages/CategoriesPage')) },
            { path: '/cart', lazy: page(() => import('@/features/cart/pages/CartPage'), null, ['checkout']) },
            {
              path: '/track-order',
              lazy: page(() => import('@/features/orders/pages/TrackOrderPage'), null, ['checkout']),
            },
            { path: '/contact', lazy: page(() => import('@/features/contact/pages/ContactPage')) },
            { path: '/api-test', lazy: page(() => import('./pages/ApiTestPage')) },
            {
              path: '/order-success',
              lazy: page(() => import('@/features/orders/pages/OrderSuccessPage'), null, ['checkout']),
            },
            // Before /:policyType, which would otherwise take 'wishlist' for a policy slug.
            { path: '/wishlist', lazy: page(() => import('@/features/catalog/pages/WishlistPage')) },
            {
              element: <RequireAuth />,
              children: [
                {
                  path: '/account',
                  lazy: page(() => import('@/features/account/pages/AccountPage'), null, ['account', 'checkout']),
                },
                {
                  path: '/checkout',
                  lazy: page(() => import('@/features/checkout/pages/CheckoutPage'), null, ['checkout']),
                },
                {
                  path: '/orders',
                  lazy: page(() => import('@/features/orders/pages/OrdersPage'), null, ['checkout']),
                },
                {
                  path: '/payment',
                  lazy: page(() => import('@/features/payment/pages/PaymentPage'), null, ['checkout']),
                },
              ],
            },
            {
              path: '/404',
              lazy: page(
                () => import('./pages/NotFoundPage'),
                (load) => load.notFound,
              ),
            },
            {
              path: '/:policyType',
              lazy: page(
                () => import('@/features/policies/pages/PolicyPage'),
                (load) =>
                  ({ params }) =>
                    load.policyPage(params.policyType),
              ),
            },
            {
              path: '*',
              lazy: page(
                () => import('./pages/NotFoundPage'),
                (load) => load.notFound,
              ),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The browser's router over a page the server rendered: the page's own chunks are loaded before
 * it hydrates, so the first render matches the server's HTML.
 */
export async function createHydratingRouter(
  queryClient: QueryClient,
  hydrationData?: HydrationState,
  basename?: string,
) {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // A language's pages live under its prefix (/hi/…): every link inside stays in that language.
  return createBrowserRouter(routes, { hydrationData, basename: basename || undefined });
}
