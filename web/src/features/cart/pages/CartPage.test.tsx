import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '@/test/render-page';
import { CART_STORAGE_KEY, type CartItem } from '../cart-rules';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

const adapter: CartItem = { id: 'p1', name: '2.5G Ethernet Adapter', image: '/a.svg', price: 1899, quantity: 1 };
const hub: CartItem = { id: 'p2', name: '7-Port USB Hub', image: '/h.svg', price: 1249.5, quantity: 2 };
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as CartItem[];
const summary = () => within(screen.getByRole('complementary', { name: 'Order Summary' }));

describe('the cart page', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter, hub]));
    fakeApi({});
  });

  it('shows each line and the totals in rupees', () => {
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByText('2.5G Ethernet Adapter')).toBeVisible();
    expect(summary().getByText('Subtotal (3 items)')).toBeVisible();
    expect(summary().getAllByText('₹4,398.00')).toHaveLength(2);
    expect(summary().getByText('Free')).toBeVisible();
  });

  it('changes quantities with named buttons, never below 1, and remembers them', async () => {
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByRole('button', { name: 'Decrease quantity of 2.5G Ethernet Adapter' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of 2.5G Ethernet Adapter' }));
    expect(stored().find((item) => item.id === 'p1')?.quantity).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity of 7-Port USB Hub' }));
    expect(stored().find((item) => item.id === 'p2')?.quantity).toBe(1);
    expect(summary().getByText('Subtotal (3 items)')).toBeVisible();
    expect(await screen.findAllByText('Cart updated')).not.toHaveLength(0);
  });

  it('removes a line, and shows the empty cart when the last one goes', async () => {
    renderPage(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove 2.5G Ethernet Adapter from cart' }));
    expect(await screen.findByText('Removed from cart')).toBeVisible();
    expect(stored().map((item) => item.id)).toEqual(['p2']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove 7-Port USB Hub from cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  it('sends a guest to sign in before checkout, and back to checkout after', async () => {
    renderPage(<CartPage />, { path: '/cart' });
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Landed on /login')).toBeVisible();
    expect(screen.getByText('Please sign in to check out.')).toBeVisible();
  });
});
