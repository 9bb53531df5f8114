import type { AdminOrder, AdminOrderSummary, AdminProduct, AdminProductSummary, StaffSession } from '@netkart/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { anOrder } from '@/test/orders';
import { AdminProviders, createAdminQueryClient } from '../providers';
import { adminRoutes } from '../router';

export { type Answer, type ApiCall, fakeApi } from '@/test/render-page';

/** A member of staff signed in to the tests' store. */
export const aSession = (overrides: Partial<StaffSession> = {}): StaffSession => ({
  name: 'Asha Rao',
  email: 'asha@netkart.in',
  role: 'owner',
  twoFactor: false,
  csrfToken: 'csrf-123',
  store: { name: 'NetKart', host: 'localhost' },
  ...overrides,
});

/** An order as the back office reads it: Pending, one hub, no payment yet, unless a test says otherwise. */
export const anAdminOrder = (overrides: Partial<AdminOrder> = {}): AdminOrder => ({
  ...anOrder(),
  email: 'shopper@example.in',
  updatedAt: '2026-11-20T10:00:00.000Z',
  payments: [],
  events: [{ fromStatus: null, toStatus: 0, actor: 'shopper', note: null, createdAt: '2026-11-20T10:00:00.000Z' }],
  allowedMoves: [1, 4],
  paymentReference: 'utr',
  paymentReferenceRule: {
    label: 'UPI UTR (12 digits)',
    pattern: '^\\d{12}$',
    message: "A UTR is the 12 digits of the UPI transfer's reference.",
    help: 'The money arrived by UPI: enter the UTR from your bank statement. The order becomes Processing.',
    numeric: true,
  },
  ...overrides,
});

export const aSummary = (overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id: '7KX2M9QH4D',
  status: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  email: 'shopper@example.in',
  fullName: 'Asha Rao',
  phone: '+91 98450 12345',
  city: 'Bengaluru',
  total: 124999,
  itemCount: 2,
  testPayment: false,
  ...overrides,
});

/** A product as the back office's table lists it: in stock, shown, not discounted, unless a test says otherwise. */
export const aProductSummary = (overrides: Partial<AdminProductSummary> = {}): AdminProductSummary => ({
  id: 'p1',
  sku: 'LAN-USBC-1G',
  title: 'USB-C Gigabit LAN Adapter',
  category: 'LAN Adapters',
  parentCategory: 'Networking',
  regularPrice: 1499,
  discountedPrice: null,
  stock: 12,
  hidden: false,
  imgUrl: '/media/lan-adapter.webp',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A product as the product form reads it. */
export const anAdminProduct = (overrides: Partial<AdminProduct> = {}): AdminProduct => ({
  id: 'p1',
  sku: 'LAN-USBC-1G',
  title: 'USB-C Gigabit LAN Adapter',
  description: 'Wired internet for a laptop without a LAN port.',
  category: 'LAN Adapters',
  parentCategory: 'Networking',
  gender: null,
  regularPrice: 1499,
  discountedPrice: 1299,
  stock: 12,
  hidden: false,
  images: [{ url: '/media/lan-adapter.webp', width: 800, height: 800 }],
  attributes: [{ key: 'Colour', value: ['Black', 'Silver'], metricUnit: null }],
  hsn: '8517',
  gstRate: 18,
  mrp: 1999,
  countryOfOrigin: 'China',
  manufacturer: 'Shenzhen Linkwell Electronics Co., Ltd., Baoan District, Shenzhen, China',
  importer: 'NetKart Technologies Private Limited, 41 Residency Road, Bengaluru 560025',
  netQuantity: '1 N',
  bisRegistration: null,
  weightGrams: null,
  lengthCm: null,
  breadthCm: null,
  heightCm: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The whole back office at `path`, as the browser would open it. */
export function renderAdmin(path: string) {
  const queryClient = createAdminQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  const view = render(
    <AdminProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AdminProviders>,
  );
  return { ...view, router, queryClient };
}
