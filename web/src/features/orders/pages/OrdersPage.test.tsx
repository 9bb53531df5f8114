import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDownload } from '@/test/downloads';
import { anOrder } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import OrdersPage from './OrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn() {
  // biome-ignore lint/suspicious/noDocumentCookie: a signed-in shopper is one with the auth_token cookie
  document.cookie = 'auth_token=token-123; path=/';
}

const orders = [
  anOrder({ id: 'PAID234567', status: 1 }),
  anOrder({ id: 'SHIP234567', status: 2 }),
  anOrder({ id: 'DONE234567', status: 3 }),
  anOrder({ id: 'WAIT234567', status: 0 }),
  anOrder({ id: 'GONE234567', status: 4, cancelReason: 'Cancelled by the shop' }),
];

const card = (id: string) => {
  const heading = screen.getByRole('heading', { name: `Order #${id}` });
  const article = heading.closest('article');
  if (!article) throw new Error(`no card for ${id}`);
  return within(article);
};

describe('the invoice on My Orders', () => {
  it('is offered for paid, shipped and delivered orders only', async () => {
    signIn();
    fakeApi({ 'GET /orders': () => [200, orders] });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #PAID234567' });
    for (const id of ['PAID234567', 'SHIP234567', 'DONE234567']) {
      expect(card(id).getByRole('button', { name: 'Download invoice' })).toBeVisible();
    }
    for (const id of ['WAIT234567', 'GONE234567']) {
      expect(card(id).queryByRole('button', { name: 'Download invoice' })).toBeNull();
    }
  });

  it('is fetched with the shopper’s token and saved under the name the shop gives it', async () => {
    signIn();
    fakeApi({ 'GET /orders': () => [200, orders] });
    const download = fakeDownload('/invoice', { fileName: 'invoice-NK-26-27-000001.pdf', text: '%PDF-1.3 invoice' });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #SHIP234567' });
    await userEvent.click(card('SHIP234567').getByRole('button', { name: 'Download invoice' }));

    await waitFor(() =>
      expect(download.saved).toEqual([{ name: 'invoice-NK-26-27-000001.pdf', text: '%PDF-1.3 invoice' }]),
    );
    expect(download.requests.map((request) => [request.url.pathname, request.authorization])).toEqual([
      ['/api/v1/orders/SHIP234567/invoice', 'Bearer token-123'],
    ]);
    expect(download.requests[0]?.url.searchParams.has('contactInfo')).toBe(false);
  });

  it('says so when the order has no invoice', async () => {
    signIn();
    fakeApi({ 'GET /orders': () => [200, orders] });
    const download = fakeDownload('/invoice', { status: 404, error: 'Order not found or access denied.' });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #PAID234567' });
    await userEvent.click(card('PAID234567').getByRole('button', { name: 'Download invoice' }));

    await expectVisibleText('This order has no invoice to download. Please contact us.');
    expect(download.saved).toEqual([]);
  });
});
