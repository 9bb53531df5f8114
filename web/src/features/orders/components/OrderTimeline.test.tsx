import type { OrderTimelineEntry } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import OrdersPage from '../pages/OrdersPage';
import TrackOrderPage from '../pages/TrackOrderPage';
import { OrderTimeline } from './OrderTimeline';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const timeline: OrderTimelineEntry[] = [
  { at: '2026-11-27T04:30:00.000Z', kind: 'placed', label: 'Order placed' },
  { at: '2026-11-27T04:32:00.000Z', kind: 'paid', label: 'Paid' },
  {
    at: '2026-11-27T09:00:00.000Z',
    kind: 'shipped',
    label: 'Shipped',
    detail: 'Delhivery Surface · AWB 19040001500001',
    link: 'https://shiprocket.co/tracking/19040001500001',
  },
  {
    at: '2026-11-28T03:15:00.000Z',
    kind: 'out-for-delivery',
    label: 'Out for delivery',
    detail: 'Bengaluru_Hub (Karnataka) · AWB 19040001500001',
  },
  { at: '2026-11-28T09:45:00.000Z', kind: 'delivered', label: 'Delivered' },
];

describe("an order's timeline", () => {
  it('lists each step oldest first, in India time, with its detail and the tracking page', async () => {
    renderPage(<OrderTimeline timeline={timeline} />, { path: '/' });
    const list = screen.getByRole('list', { name: 'Order timeline' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Order placed',
      'Paid',
      'Shipped',
      'Out for delivery',
      'Delivered',
    ]);
    // 04:30 UTC is 10:00 in India.
    expect(within(steps[0] as HTMLElement).getByText(/27 Nov 2026, 10:00\s?am/i)).toBeVisible();
    expect(within(steps[3] as HTMLElement).getByText(/28 Nov 2026, 8:45\s?am/i)).toBeVisible();
    expect(within(steps[2] as HTMLElement).getByText('Delhivery Surface · AWB 19040001500001')).toBeVisible();
    const track = within(steps[2] as HTMLElement).getByRole('link', { name: 'Track your parcel' });
    expect(track).toHaveAttribute('href', 'https://shiprocket.co/tracking/19040001500001');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows nothing for an order without one', () => {
    renderPage(<OrderTimeline timeline={[]} />, { path: '/' });
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
  });

  it('on My Orders, is fetched with the order only when the shopper opens it', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a signed-in shopper is one with the auth_token cookie
    document.cookie = 'auth_token=token-123; path=/';
    const order = anOrder({ id: 'SHIP234567', status: 3 });
    const calls = fakeApi({
      'GET /orders': () => [200, [order]],
      'GET /orders/SHIP234567': () => [200, { ...order, timeline }],
    });
    renderPage(<OrdersPage />, { path: '/orders' });
    const open = await screen.findByRole('button', { name: 'Show timeline' });
    expect(calls.filter((call) => call.route === 'GET /orders/SHIP234567')).toEqual([]);
    await userEvent.click(open);
    const list = await screen.findByRole('list', { name: 'Order timeline' });
    expect(within(list).getByText('Delivered')).toBeVisible();
    expect(calls.filter((call) => call.route === 'GET /orders/SHIP234567')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Hide timeline' }));
    expect(screen.queryByRole('list', { name: 'Order timeline' })).toBeNull();
  });

  it('on the tracking page, comes with the order found', async () => {
    fakeApi({ 'GET /orders/SHIP234567': () => [200, { ...anOrder({ id: 'SHIP234567', status: 3 }), timeline }] });
    renderPage(<TrackOrderPage />, { path: '/track-order?id=SHIP234567', route: '/track-order' });
    await userEvent.type(screen.getByLabelText('Email or phone'), 'asha@example.in');
    await userEvent.click(screen.getByRole('button', { name: 'Track Order' }));
    const list = await screen.findByRole('list', { name: 'Order timeline' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByText('Out for delivery')).toBeVisible();
  });
});
