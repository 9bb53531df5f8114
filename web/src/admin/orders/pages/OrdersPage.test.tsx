import type { AdminOrderListResponse } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { aSession, aSummary, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const listed = (overrides: Partial<AdminOrderListResponse> = {}): AdminOrderListResponse => ({
  data: [aSummary(), aSummary({ id: 'TESTPAID01', status: 1, testPayment: true, total: 899, city: 'Pune' })],
  total: 2,
  page: 1,
  limit: 25,
  counts: { '0': 3, '1': 2, '2': 1, '3': 0, '4': 5 },
  ...overrides,
});

function api(list: (url: URL) => AdminOrderListResponse = () => listed()) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    'GET /admin/orders': (_body, url) => [200, list(url)],
  });
}

const listCalls = (calls: ReturnType<typeof api>) => calls.filter((call) => call.route === 'GET /admin/orders');

describe('the orders list', () => {
  it('shows a tab per status with its count, and the orders with their totals in rupees', async () => {
    api();
    renderAdmin('/admin/orders');
    const tabs = await screen.findByRole('navigation', { name: 'Order status' });
    expect(await within(tabs).findByRole('link', { name: 'All 11' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Pending 3', 'Processing 2', 'Shipped 1', 'Delivered 0', 'Cancelled 5']) {
      expect(within(tabs).getByRole('link', { name })).toBeVisible();
    }
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: '7KX2M9QH4D' })).toHaveAttribute('href', '/admin/orders/7KX2M9QH4D');
    expect(within(table).getByText('₹1,24,999')).toBeVisible();
    expect(within(table).getByText('Bengaluru')).toBeVisible();
    expect(within(table).getByText('TEST')).toBeVisible();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(document.title).toBe('Orders · Back office');
  });

  it('keeps the tab, the search and the dates in the address and asks the server for them', async () => {
    const calls = api();
    const { router } = renderAdmin('/admin/orders?status=0');
    const tabs = await screen.findByRole('navigation', { name: 'Order status' });
    expect(await within(tabs).findByRole('link', { name: 'Pending 3' })).toHaveAttribute('aria-current', 'page');
    expect(listCalls(calls)[0]?.url.searchParams.get('status')).toBe('0');

    await userEvent.type(screen.getByLabelText('Search orders'), ' 98450 12345 ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?status=0&q=98450+12345');
    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('q')).toBe('98450 12345'));

    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-01');
    await vi.waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('from')).toBe('2026-11-01'));

    await userEvent.click(within(tabs).getByRole('link', { name: 'All 11' }));
    expect(router.state.location.search).toBe('?q=98450+12345&from=2026-11-01');

    // Back to the previous address: the search box follows it.
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=0&q=98450+12345&from=2026-11-01'));
    await router.navigate('/admin/orders');
    await vi.waitFor(() => expect(screen.getByLabelText('Search orders')).toHaveValue(''));
  });

  it('pages through the orders', async () => {
    const calls = api((url) => listed({ total: 60, page: Number(url.searchParams.get('page') ?? 1) }));
    const { router } = renderAdmin('/admin/orders');
    await expectVisibleText('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await expectVisibleText('Page 2 of 3');
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls(calls).at(-1)?.url.searchParams.get('page')).toBe('2');
  });
});
