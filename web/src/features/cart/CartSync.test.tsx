import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { CartSync } from './CartSync';
import { useCart } from './cart-context';
import { CART_STORAGE_KEY, type CartItem } from './cart-rules';

const adapter: CartItem = { id: 'p-lan-1', name: 'LAN Adapter', image: '/a.svg', price: 1899, quantity: 1 };

beforeEach(() => {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
  localStorage.removeItem(CART_STORAGE_KEY);
});

function EmptyTheCart() {
  const cart = useCart();
  return (
    <button type="button" onClick={() => cart.clearCart({ silent: true })}>
      Empty the cart
    </button>
  );
}

const stored = (): CartItem[] => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');

describe('the cart kept for a signed-in shopper', () => {
  it('at sign-in, merges the kept cart into the browser’s (the larger quantity) and writes the result back', async () => {
    setAuthToken('token-1', true);
    const calls = fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in' }],
      'GET /cart': () => [
        200,
        {
          lines: [
            { productId: 'p-lan-1', quantity: 3 },
            { productId: 'p-sleeve', quantity: 1, color: 'Grey' },
          ],
          updatedAt: '2027-02-04T10:00:00Z',
        },
      ],
      'GET /products/p-sleeve': () => [
        200,
        { id: 'p-sleeve', title: 'Laptop Sleeve', discountedPrice: 499, imgUrl: '/s.svg', stock: 10 },
      ],
      'PUT /cart': (body) => [200, { ...(body as object), updatedAt: '2027-02-04T10:01:00Z' }],
    });
    renderPage(
      <>
        <p>Shop</p>
        <CartSync />
      </>,
      { path: '/' },
    );
    await screen.findByText('Shop');
    await waitFor(() => expect(calls.some((call) => call.route === 'PUT /cart')).toBe(true));
    expect(stored().map((line) => [line.id, line.quantity, line.selectedColor ?? ''])).toEqual([
      ['p-lan-1', 3, ''],
      ['p-sleeve', 1, 'Grey'],
    ]);
    expect(calls.find((call) => call.route === 'PUT /cart')?.body).toEqual({
      lines: [
        { productId: 'p-lan-1', quantity: 3 },
        { productId: 'p-sleeve', quantity: 1, color: 'Grey' },
      ],
    });
  });

  it('a change not yet written when the page is left is sent as the page goes', async () => {
    setAuthToken('token-1', true);
    const calls = fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in' }],
      'GET /cart': () => [200, { lines: [{ productId: 'p-lan-1', quantity: 1 }], updatedAt: '2027-02-04T10:00:00Z' }],
      'PUT /cart': (body) => [200, { ...(body as object), updatedAt: '2027-02-04T10:01:00Z' }],
    });
    renderPage(
      <>
        <EmptyTheCart />
        <CartSync />
      </>,
      { path: '/' },
    );
    await waitFor(() => expect(calls.filter((call) => call.route === 'PUT /cart')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Empty the cart' }));
    window.dispatchEvent(new Event('pagehide'));
    // Sent at once, not after the pause: the next page's merge reads an empty kept cart.
    const puts = calls.filter((call) => call.route === 'PUT /cart');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toEqual({ lines: [] });
  });

  it('a guest’s cart stays in the browser: nothing is asked of the server', async () => {
    const calls = fakeApi({});
    renderPage(
      <>
        <p>Shop</p>
        <CartSync />
      </>,
      { path: '/' },
    );
    await screen.findByText('Shop');
    expect(calls.some((call) => call.route.endsWith(' /cart'))).toBe(false);
    expect(stored()).toEqual([adapter]);
  });
});
