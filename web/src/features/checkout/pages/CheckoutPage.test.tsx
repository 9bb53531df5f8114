import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '@/features/cart/cart-rules';
import { type ApiHandlers, fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import CheckoutPage from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const adapter: CartItem = {
  id: 'p-lan-1',
  name: 'USB-C to 2.5G Ethernet Adapter',
  image: '/media/products/nk-lan-001.svg',
  price: 1899,
  quantity: 2,
};

/** The shop's answers, with every product of the cart in stock unless told otherwise. */
const shop = (handlers: ApiHandlers = {}) =>
  fakeApi({
    'GET /products/p-lan-1': () => [200, { id: 'p-lan-1', title: adapter.name, stock: 40 }],
    'GET /products/p-sleeve': () => [200, { id: 'p-sleeve', title: 'Neoprene Laptop Sleeve', stock: 40 }],
    ...handlers,
  });

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
    const calls = shop();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress({ City: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    await expectVisibleText('Please fill all fields');
    expect(screen.getByText('All shipping information fields are required.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);
  });

  it('places the order with the trimmed address and goes on to payment, emptying the cart', async () => {
    const calls = shop({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress({ 'Full name': '  Asha Rao  ' });
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toEqual({
      lines: [{ productId: 'p-lan-1', quantity: 2 }],
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
    shop({
      'POST /orders': () => [
        409,
        { error: 'Only 1 left of USB-C to 2.5G Ethernet Adapter. Please lower the quantity.' },
      ],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    await expectVisibleText('Error placing order');
    expect(screen.getByText('Only 1 left of USB-C to 2.5G Ethernet Adapter. Please lower the quantity.')).toBeVisible();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);
  });

  it('refuses to place an order from an empty cart', async () => {
    localStorage.setItem(CART_STORAGE_KEY, '[]');
    shop();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Cart is empty');
  });

  it('sends one line per cart line with its size and colour, never merging two of one product', async () => {
    const navy = { ...adapter, id: 'p-sleeve', name: 'Neoprene Laptop Sleeve', price: 899, quantity: 1 };
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { ...navy, selectedSize: '13"', selectedColor: 'Navy' },
        { ...navy, selectedSize: '15.6"', selectedColor: 'Olive', quantity: 2 },
      ]),
    );
    const calls = shop({ 'POST /orders': () => [201, { id: 'SLEEVES1', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    expect(screen.getByText('Size: 13" · Colour: Navy')).toBeVisible();
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    await expectVisibleText('Landed on /payment?orderId=SLEEVES1');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toHaveProperty('lines', [
      { productId: 'p-sleeve', quantity: 1, size: '13"', color: 'Navy' },
      { productId: 'p-sleeve', quantity: 2, size: '15.6"', color: 'Olive' },
    ]);
  });

  it('shows the total beside Place Order and each field’s problem beside the field', async () => {
    const calls = shop();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    expect(placeOrder.parentElement).toHaveTextContent('Total₹3,798');
    await fillAddress({ City: '', 'PIN code': '56003', Phone: '98450' });
    await userEvent.click(placeOrder);

    await expectVisibleText('City is required.');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required.');
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription('6 digits PIN code must be 6 digits.');
    expect(screen.getByText('Phone number must have at least 10 digits.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);
  });

  it('offers no Place Order while a line is no longer available, and sends the shopper to the cart', async () => {
    shop({ 'GET /products/p-lan-1': () => [200, { id: 'p-lan-1', title: adapter.name, stock: 1 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });
});
