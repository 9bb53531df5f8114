import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivityPage } from './activity/pages/ActivityPage';
import { EmailsPage } from './emails/pages/EmailsPage';
import { HomePage } from './home/pages/HomePage';
import { AdminLayout } from './layout/AdminLayout';
import { NotFoundPage } from './layout/NotFoundPage';
import { OrderPage } from './orders/pages/OrderPage';
import { OrdersPage } from './orders/pages/OrdersPage';
import { ProductFormPage } from './products/pages/ProductFormPage';
import { ProductsPage } from './products/pages/ProductsPage';
import { RefundsPage } from './refunds/pages/RefundsPage';
import { ReturnsPage } from './returns/pages/ReturnsPage';
import { SettingsPage } from './settings/pages/SettingsPage';
import { TicketPage } from './tickets/pages/TicketPage';
import { TicketsPage } from './tickets/pages/TicketsPage';

/** The reviews' page comes with its own code, loaded when first opened. */
const ReviewsPage = lazy(() => import('./reviews/pages/ReviewsPage'));
/** The coupons' page too. */
const CouponsPage = lazy(() => import('./coupons/pages/CouponsPage'));

/** Every page of the back office, each under /admin (the server answers admin.html for all of them). */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/:id', element: <OrderPage /> },
      { path: 'returns', element: <ReturnsPage /> },
      {
        path: 'reviews',
        element: (
          <Suspense fallback={<p role="status">Loading reviews…</p>}>
            <ReviewsPage />
          </Suspense>
        ),
      },
      {
        path: 'coupons',
        element: (
          <Suspense fallback={<p role="status">Loading coupons…</p>}>
            <CouponsPage />
          </Suspense>
        ),
      },
      { path: 'products', element: <ProductsPage /> },
      { path: 'products/new', element: <ProductFormPage /> },
      { path: 'products/:id', element: <ProductFormPage /> },
      { path: 'refunds', element: <RefundsPage /> },
      { path: 'emails', element: <EmailsPage /> },
      { path: 'tickets', element: <TicketsPage /> },
      { path: 'tickets/:number', element: <TicketPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'activity', element: <ActivityPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(adminRoutes);
