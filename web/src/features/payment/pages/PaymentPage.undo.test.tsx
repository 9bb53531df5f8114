import type { Order } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, parseStoredCart } from '@/features/cart/cart-rules';
import { anOrder } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import PaymentPage from './PaymentPage';

const ORDER_ID = '7KX2M9QH4D';

beforeEach(() => window.localStorage.removeItem(CART_STORAGE_KEY));
afterEach(() => vi.unstubAllGlobals());

describe('after a failed payment', () => {
  it('the shopper can cancel the unpaid order and find its items back in the cart', async () => {
    let order: Order = anOrder({ id: ORDER_ID, status: 0 });
    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [200, order],
      'GET /payments/fields': () => [200, { provider: 'sandbox', fields: [] }],
      'GET /accountInfo': () => [401, { error: 'Sign in first.' }],
      'GET /products/p1': () => [
        200,
        {
          id: 'p1',
          title: 'USB-C Hub 7-in-1',
          regularPrice: 2499,
          discountedPrice: null,
          imgUrl: '/hub.svg',
          images: [],
          stock: 3,
        },
      ],
      [`POST /orders/${ORDER_ID}/cancel`]: () => {
        order = { ...order, status: 4, cancelReason: 'Cancelled by the shopper: I could not pay' };
        return [200, { order, refund: 'none', message: `Your order ${ORDER_ID} is cancelled. No payment was taken.` }];
      },
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}&payment=failed`, route: '/payment' });
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByRole('button', { name: 'Retry' })).toBeVisible();
    await userEvent.click(within(failed).getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel order #${ORDER_ID}?` });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'I could not pay' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Your order ${ORDER_ID} is cancelled. No payment was taken. Its items are back in your cart.`,
      ),
    );
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
    expect(parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY))).toEqual([
      { id: 'p1', name: 'USB-C Hub 7-in-1', image: '/hub.svg', price: 2499, quantity: 1 },
    ]);
  });

  it('an expired order offers Order again', async () => {
    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [
        200,
        anOrder({ id: ORDER_ID, status: 4, cancelReason: 'Payment not received' }),
      ],
      'GET /payments/fields': () => [200, { provider: 'sandbox', fields: [] }],
      'GET /accountInfo': () => [401, { error: 'Sign in first.' }],
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment' });
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Reason: Payment not received');
    expect(screen.getByRole('button', { name: 'Order again' })).toBeVisible();
  });
});
