import type { Order } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart } from '@/features/cart/cart-rules';
import { anOrder, anOrderLine } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import OrdersPage from './OrdersPage';

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: a signed-in shopper is one with the auth_token cookie
  document.cookie = 'auth_token=token-123; path=/';
  window.localStorage.removeItem(CART_STORAGE_KEY);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hubNow = {
  id: 'p1',
  title: 'USB-C Hub 7-in-1',
  regularPrice: 2499,
  discountedPrice: 1999,
  imgUrl: '/hub.svg',
  images: [],
  stock: 5,
};
const storedCart = () => parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));

const card = (id: string) => {
  const article = screen.getByRole('heading', { name: `Order #${id}` }).closest('article');
  if (!article) throw new Error(`no card for ${id}`);
  return within(article as HTMLElement);
};

/** My Orders over a fake API whose orders change as the cancellation answers. */
function shopWith(initial: Order[], cancelAnswer: (order: Order) => [number, unknown]) {
  let orders = initial;
  return fakeApi({
    'GET /orders': () => [200, orders],
    'GET /products/p1': () => [200, hubNow],
    ...Object.fromEntries(
      initial.map((order) => [
        `POST /orders/${order.id}/cancel`,
        () => {
          const [status, body] = cancelAnswer(order);
          if (status === 200) orders = orders.map((o) => (o.id === order.id ? (body as { order: Order }).order : o));
          return [status, body];
        },
      ]),
    ),
  });
}

describe('Cancel order on My Orders', () => {
  it('cancels an unpaid order with the reason chosen and puts its items back in the cart at today’s price', async () => {
    const unpaid = anOrder({ id: 'WAIT234567', status: 0 });
    const calls = shopWith([unpaid], (order) => [
      200,
      {
        order: { ...order, status: 4, cancelReason: 'Cancelled by the shopper: I ordered by mistake' },
        refund: 'none',
        message: `Your order ${order.id} is cancelled. No payment was taken.`,
      },
    ]);
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #WAIT234567' });
    await userEvent.click(card('WAIT234567').getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #WAIT234567?' });
    expect(dialog).toHaveTextContent('Nothing has been paid for it.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'I ordered by mistake' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() =>
      expect(card('WAIT234567').getByRole('status')).toHaveTextContent(
        'Your order WAIT234567 is cancelled. No payment was taken. Its items are back in your cart. View cart',
      ),
    );
    expect(calls.find((call) => call.route === 'POST /orders/WAIT234567/cancel')?.body).toEqual({
      reason: 'ordered-by-mistake',
    });
    expect(storedCart()).toEqual([{ id: 'p1', name: 'USB-C Hub 7-in-1', image: '/hub.svg', price: 1999, quantity: 1 }]);
    expect(await card('WAIT234567').findByRole('button', { name: 'Order again' })).toBeInTheDocument();
    expect(card('WAIT234567').queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('cancels a paid order with its refund started and leaves the cart alone', async () => {
    const paid = anOrder({ id: 'PAID234567', status: 1 });
    const calls = shopWith([paid], (order) => [
      200,
      {
        order: { ...order, status: 4, cancelReason: 'Cancelled by the shopper' },
        refund: 'started',
        message: `Your order ${order.id} is cancelled. A refund of ₹2,499.00 to the way you paid has been started.`,
      },
    ]);
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #PAID234567' });
    await userEvent.click(card('PAID234567').getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/You paid ₹2,499.*starts a refund/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(card('PAID234567').getByRole('status')).toHaveTextContent(
        'Your order PAID234567 is cancelled. A refund of ₹2,499.00 to the way you paid has been started.',
      ),
    );
    expect(storedCart()).toEqual([]);
    expect(calls.some((call) => call.route.startsWith('GET /products'))).toBe(false);
  });

  it('offers no Cancel order once shipped, and says the shop’s refusal when the order moved on meanwhile', async () => {
    const shipped = anOrder({ id: 'SHIP234567', status: 2 });
    const unpaid = anOrder({ id: 'WAIT234567', status: 0 });
    shopWith([shipped, unpaid], (order) => [
      409,
      { error: `Order ${order.id} has already shipped, so it can no longer be cancelled.` },
    ]);
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #SHIP234567' });
    expect(card('SHIP234567').queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await userEvent.click(card('WAIT234567').getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order WAIT234567 has already shipped, so it can no longer be cancelled.',
    );
    expect(storedCart()).toEqual([]);
  });
});

describe('Order again', () => {
  it('adds what is still sold at today’s price and names what could not be added', async () => {
    const expired = anOrder({
      id: 'GONE234567',
      status: 4,
      cancelReason: 'Payment not received',
      items: [
        anOrderLine({ quantity: 2 }),
        anOrderLine({ id: 'line-2', productId: 'old', productTitle: 'Old adapter' }),
      ],
    });
    shopWith([expired], () => [500, {}]);
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #GONE234567' });
    await userEvent.click(card('GONE234567').getByRole('button', { name: 'Order again' }));
    await waitFor(() =>
      expect(card('GONE234567').getByRole('status')).toHaveTextContent(
        "2 items are back in your cart. At today's prices. Not added in full: Old adapter: no longer sold. View cart",
      ),
    );
    expect(storedCart()).toEqual([{ id: 'p1', name: 'USB-C Hub 7-in-1', image: '/hub.svg', price: 1999, quantity: 2 }]);
  });
});
