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

const issued = (type: 'tax-invoice' | 'receipt' | 'credit-note', number: string) => ({
  type,
  number,
  issuedAt: '2026-11-20T10:05:00.000Z',
});

const orders = [
  anOrder({ id: 'PAID234567', status: 1, documents: [issued('tax-invoice', 'NK/26-27/000001')] }),
  anOrder({ id: 'SHIP234567', status: 2, documents: [issued('tax-invoice', 'NK/26-27/000002')] }),
  anOrder({ id: 'RCPT234567', status: 3, documents: [issued('receipt', 'NKR/26-27/00001')] }),
  // Paid before the shop issued invoices: nothing to download.
  anOrder({ id: 'DONE234567', status: 3 }),
  anOrder({ id: 'WAIT234567', status: 0 }),
  anOrder({
    id: 'GONE234567',
    status: 4,
    cancelReason: 'Cancelled by the shop',
    documents: [issued('tax-invoice', 'NK/26-27/000003'), issued('credit-note', 'NKC/26-27/00001')],
  }),
];

const card = (id: string) => {
  const heading = screen.getByRole('heading', { name: `Order #${id}` });
  const article = heading.closest('article');
  if (!article) throw new Error(`no card for ${id}`);
  return within(article);
};

describe('the invoice on My Orders', () => {
  it('offers each document the order has: its invoice or receipt, and a credit note once cancelled', async () => {
    signIn();
    fakeApi({ 'GET /orders': () => [200, orders] });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #PAID234567' });
    const buttons = (id: string) =>
      card(id)
        .queryAllByRole('button', { name: /^Download/ })
        .map((button) => button.textContent);
    expect(buttons('PAID234567')).toEqual(['Download invoice']);
    expect(buttons('SHIP234567')).toEqual(['Download invoice']);
    expect(buttons('RCPT234567')).toEqual(['Download receipt']);
    expect(buttons('GONE234567')).toEqual(['Download invoice', 'Download credit note']);
    expect(buttons('DONE234567')).toEqual([]);
    expect(buttons('WAIT234567')).toEqual([]);
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

  it('fetches a credit note from its own address, and says why when a download fails', async () => {
    signIn();
    fakeApi({ 'GET /orders': () => [200, orders] });
    const download = fakeDownload('/credit-note', { status: 404, error: 'Order not found or access denied.' });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #GONE234567' });
    await userEvent.click(card('GONE234567').getByRole('button', { name: 'Download credit note' }));

    await expectVisibleText('Order not found or access denied.');
    expect(download.requests.map((request) => request.url.pathname)).toEqual(['/api/v1/orders/GONE234567/credit-note']);
    expect(download.saved).toEqual([]);
  });
});
