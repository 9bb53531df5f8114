import type { Order } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPrice } from '@/lib/money';
import { anOrder, anOrderLine } from '@/test/orders';
import { type Answer, fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import OrderSuccessPage from './OrderSuccessPage';

afterEach(() => vi.unstubAllGlobals());

const ORDER_ID = '7KX2M9QH4D';

const order = (overrides: Partial<Order> = {}): Order =>
  anOrder({ id: ORDER_ID, items: [anOrderLine({ color: 'Black' })], ...overrides });

function signIn() {
  // biome-ignore lint/suspicious/noDocumentCookie: a signed-in shopper is one with the auth_token cookie
  document.cookie = 'auth_token=token-123; path=/';
}

function renderSuccess(answer: Answer) {
  const calls = fakeApi({
    'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
    [`GET /orders/${ORDER_ID}`]: () => answer,
  });
  renderPage(<OrderSuccessPage />, { path: `/order-success?orderId=${ORDER_ID}`, route: '/order-success' });
  return calls;
}

const THANKS = 'Thank you for your order!';
const claimsPayment = () => screen.queryByText(/received your payment/i);

function expectSpecLinks() {
  expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
  expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
}

describe('the order-success page', () => {
  it.each([1, 2, 3])(
    'says the payment was received for a paid order (status %s), with what was bought',
    async (status) => {
      signIn();
      renderSuccess([200, order({ status })]);
      await expectVisibleText(`We have received your payment for order #${ORDER_ID}.`);
      expect(screen.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      const summary = screen.getByRole('region', { name: 'Order summary' });
      expect(within(summary).getByText('USB-C Hub 7-in-1')).toBeVisible();
      expect(within(summary).getByText('Colour: Black')).toBeVisible();
      expect(within(summary).getByText('Total').parentElement).toHaveTextContent(formatPrice(2499));
      expect(within(summary).getByText(/Indiranagar, Bengaluru, Karnataka, 560038/)).toBeVisible();
      expect(screen.queryByText(/email/i)).toBeNull();
      expectSpecLinks();
    },
  );

  it('shows the delivery date the order was promised', async () => {
    signIn();
    renderSuccess([200, order({ status: 1, deliveryEstimate: { earliest: '2026-11-30', latest: '2026-12-02' } })]);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Delivery by Wed, 2 Dec')).toBeVisible();
  });

  it('says a Pending order still awaits payment and offers Pay Now, never claiming it was paid', async () => {
    signIn();
    renderSuccess([200, order({ status: 0 })]);
    await expectVisibleText(/Payment for order #7KX2M9QH4D is still pending/);
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', `/payment?orderId=${ORDER_ID}`);
    expect(claimsPayment()).toBeNull();
    expectSpecLinks();
  });

  it('says a cancelled order was cancelled, and why', async () => {
    signIn();
    renderSuccess([200, order({ status: 4, cancelReason: 'Payment not received' })]);
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
    expect(screen.getByText(/Reason: Payment not received/)).toBeVisible();
    expect(claimsPayment()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay Now' })).toBeNull();
  });

  it('thanks nobody signed out: it asks to sign in or track the order, and claims nothing about it', async () => {
    const calls = renderSuccess([200, order({ status: 1 })]);
    expect(await screen.findByRole('heading', { name: 'Sign in to see this order' })).toBeVisible();
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
      'href',
      `/track-order?id=${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expectSpecLinks();
    expect(claimsPayment()).toBeNull();
    expect(calls.filter((call) => call.route.startsWith('GET /orders'))).toEqual([]);
  });

  it('says an order that is not in the account (made up, or another’s) was not found, and links to tracking', async () => {
    signIn();
    renderSuccess([404, { error: 'Order not found or access denied.' }]);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeVisible();
    expect(screen.getByText(`There is no order #${ORDER_ID} in your account.`, { exact: false })).toBeVisible();
    expect(screen.queryByText(THANKS)).toBeNull();
    expect(screen.getByRole('link', { name: 'Track Your Order' })).toHaveAttribute(
      'href',
      `/track-order?id=${ORDER_ID}`,
    );
    expect(claimsPayment()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay Now' })).toBeNull();
    expectSpecLinks();
  });

  it('says an order that could not be read now could not be loaded, with Try Again', async () => {
    signIn();
    renderSuccess([500, { error: 'Something went wrong.' }]);
    expect(await screen.findByRole('heading', { name: 'We could not load this order' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
    expect(screen.queryByText(THANKS)).toBeNull();
  });

  it('thanks nobody when no order is named', async () => {
    signIn();
    fakeApi({ 'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }] });
    renderPage(<OrderSuccessPage />, { path: '/order-success', route: '/order-success' });
    expect(await screen.findByRole('heading', { name: 'No order to show' })).toBeVisible();
    expect(screen.queryByText(THANKS)).toBeNull();
  });
});
