import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '@/features/cart/cart-rules';
import { fakeApi, renderPage } from '@/test/render-page';
import CheckoutPage from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const adapter: CartItem = {
  id: 'p-lan-1',
  name: 'USB-C to 2.5G Ethernet Adapter',
  image: '/media/products/nk-lan-001.svg',
  price: 1899,
  quantity: 2,
};

async function fillAddress(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'Full name': 'Asha Rao',
    Address: '12, 4th Cross, Indiranagar',
    City: 'Bengaluru',
    'PIN code': '560038',
    Phone: '9845012345',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await userEvent.type(screen.getByLabelText(label), value);
  }
  await userEvent.selectOptions(screen.getByLabelText('State'), 'Karnataka');
}

describe('checkout', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
  });

  it('asks for every shipping field before it places the order', async () => {
    const calls = fakeApi({});
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress({ City: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Please fill all fields')).toBeVisible();
    expect(screen.getByText('All shipping information fields are required.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);
  });

  it('places the order with the trimmed address and goes on to payment, emptying the cart', async () => {
    const calls = fakeApi({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress({ 'Full name': '  Asha Rao  ' });
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Landed on /payment?orderId=7KX2M9QH4D')).toBeVisible();
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toEqual({
      products: { 'p-lan-1': 2 },
      shippingAddress: {
        fullName: 'Asha Rao',
        address: '12, 4th Cross, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560038',
        phone: '9845012345',
      },
    });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toEqual([]);
  });

  it("shows the server's reason when the order cannot be placed, and keeps the cart", async () => {
    fakeApi({
      'POST /orders': () => [
        409,
        { error: 'Only 1 left of USB-C to 2.5G Ethernet Adapter. Please lower the quantity.' },
      ],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Error placing order')).toBeVisible();
    expect(screen.getByText('Only 1 left of USB-C to 2.5G Ethernet Adapter. Please lower the quantity.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('refuses to place an order from an empty cart', async () => {
    localStorage.setItem(CART_STORAGE_KEY, '[]');
    fakeApi({});
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Cart is empty')).toBeVisible();
  });
});
