import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/RequireAuth';
import { AuthLayout } from './layouts/AuthLayout';
import { MainLayout } from './layouts/MainLayout';

// Every page is its own chunk: the home page downloads only what it shows.
const HomePage = lazy(() => import('@/features/catalog/pages/HomePage'));
const ProductsPage = lazy(() => import('@/features/catalog/pages/ProductsPage'));
const ProductPage = lazy(() => import('@/features/catalog/pages/ProductPage'));
const CartPage = lazy(() => import('@/features/cart/pages/CartPage'));
const LoginPage = lazy(() => import('@/features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('@/features/auth/pages/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/ResetPasswordPage'));
const AccountPage = lazy(() => import('@/features/account/pages/AccountPage'));
const CheckoutPage = lazy(() => import('@/features/checkout/pages/CheckoutPage'));
const OrdersPage = lazy(() => import('@/features/orders/pages/OrdersPage'));
const OrderSuccessPage = lazy(() => import('@/features/orders/pages/OrderSuccessPage'));
const PaymentPage = lazy(() => import('@/features/payment/pages/PaymentPage'));
const TrackOrderPage = lazy(() => import('@/features/track-order/pages/TrackOrderPage'));
const ContactPage = lazy(() => import('@/features/contact/pages/ContactPage'));
const WishlistPage = lazy(() => import('@/features/catalog/pages/WishlistPage'));
const PolicyPage = lazy(() => import('@/features/policies/pages/PolicyPage'));
const ApiTestPage = lazy(() => import('./pages/ApiTestPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

/** Every route of the spec (section 2), in one table. */
export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
    ],
  },
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/products', element: <ProductsPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/track-order', element: <TrackOrderPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/api-test', element: <ApiTestPage /> },
      { path: '/order-success', element: <OrderSuccessPage /> },
      // Before /:policyType, which would otherwise take 'wishlist' for a policy slug.
      { path: '/wishlist', element: <WishlistPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/account', element: <AccountPage /> },
          { path: '/checkout', element: <CheckoutPage /> },
          { path: '/orders', element: <OrdersPage /> },
          { path: '/payment', element: <PaymentPage /> },
        ],
      },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/:policyType', element: <PolicyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
