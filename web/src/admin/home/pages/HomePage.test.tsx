import type { AdminDashboard } from '@netkart/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProductSummary, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const days = Array.from({ length: 30 }, (_, index) => ({
  day: `2026-11-${String(index + 1).padStart(2, '0')}`,
  orders: index === 29 ? 3 : 1,
  revenue: index === 29 ? 250000 : 1499,
}));

const dashboard = (overrides: Partial<AdminDashboard> = {}): AdminDashboard => ({
  today: { orders: 3, revenue: 250000 },
  month: { orders: 32, revenue: 12345678.5 },
  days,
  awaitingPayment: 4,
  awaitingShipping: 2,
  needsRefund: 1,
  lowStock: {
    count: 7,
    threshold: 5,
    products: [
      aProductSummary({ id: 'p1', title: 'USB-C LAN Adapter', stock: 2 }),
      aProductSummary({ id: 'p2', title: 'Cat6 Cable', stock: 0 }),
    ],
  },
  testOrders: 0,
  ...overrides,
});

function api(data: AdminDashboard) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    'GET /admin/dashboard': () => [200, data],
  });
}

describe('the back office’s home', () => {
  it('shows today and this month in rupees with Indian grouping, and the work waiting with counts', async () => {
    api(dashboard());
    renderAdmin('/admin');
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('₹2,50,000')).toBeVisible();
    expect(within(today).getByText('3 paid orders')).toBeVisible();
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByText('₹1,23,45,678.50')).toBeVisible();
    expect(within(month).getByText('32 paid orders')).toBeVisible();

    expect(screen.getByRole('link', { name: 'Waiting for payment 4' })).toHaveAttribute(
      'href',
      '/admin/orders?status=0',
    );
    expect(screen.getByRole('link', { name: 'To ship 2' })).toHaveAttribute('href', '/admin/orders?status=1');
    expect(screen.getByRole('link', { name: 'Needs refund 1' })).toHaveAttribute('href', '/admin/refunds');
    expect(screen.getByRole('link', { name: 'Low on stock 7' })).toHaveAttribute('href', '/admin/products?stock=low');
    expect(screen.getByRole('link', { name: 'USB-C LAN Adapter' })).toHaveAttribute('href', '/admin/products/p1');
    expect(screen.getByText('Out of stock')).toBeVisible();
    expect(screen.queryByText(/sandbox/)).toBeNull();
    expect(document.title).toBe('Home · Back office');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives the chart a label and the same figures as a table for screen readers', async () => {
    api(dashboard());
    renderAdmin('/admin');
    expect(await screen.findByRole('img', { name: /Paid orders and revenue each day, 1 Nov to 30 Nov/ })).toBeVisible();
    const table = screen.getByRole('table', { name: /Paid orders and revenue each day/ });
    const last = within(table).getByRole('row', { name: /30 Nov/ });
    expect(within(last).getByText('₹2,50,000')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(31);
  });

  it('says sandbox payments are left out when there were any', async () => {
    api(dashboard({ testOrders: 2 }));
    renderAdmin('/admin');
    expect(
      await screen.findByText(/2 orders paid on the sandbox gateway .* are left out of these figures/),
    ).toBeVisible();
  });

  it('downloads the orders of the chosen days as CSV', async () => {
    api(dashboard());
    renderAdmin('/admin');
    const link = await screen.findByRole('link', { name: 'Download orders CSV' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
    expect(link).toHaveAttribute('href', '/api/v1/admin/orders/export.csv?from=2026-10-01&to=2026-10-31');
    expect(link).toHaveAttribute('download');
  });
});
