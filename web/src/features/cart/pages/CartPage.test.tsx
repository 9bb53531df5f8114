import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeApi, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import { CART_STORAGE_KEY, type CartItem } from '../cart-rules';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

const adapter: CartItem = { id: 'p1', name: '2.5G Ethernet Adapter', image: '/a.svg', price: 1899, quantity: 1 };
const hub: CartItem = { id: 'p2', name: '7-Port USB Hub', image: '/h.svg', price: 1249.5, quantity: 2 };
const stored = () => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as CartItem[];
/** How many times the page read a product again (the page also asks for the store's details). */
const productReads = () => vi.mocked(fetch).mock.calls.filter(([input]) => String(input).includes('/products/')).length;
const summary = () => within(screen.getByRole('complementary', { name: 'Order Summary' }));

/** The shop's products as GET /products/{id} answers them: their stock, or gone (404). */
function shopHolds(stock: Record<string, number | 'gone'>) {
  return fakeApi(
    Object.fromEntries(
      Object.entries(stock).map(([id, units]) => [
        `GET /products/${id}`,
        (): Answer =>
          units === 'gone' ? [404, { error: 'Product not found.' }] : [200, { id, title: id, stock: units }],
      ]),
    ),
  );
}

describe('the cart page', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter, hub]));
    shopHolds({ p1: 50, p2: 50 });
  });

  it('shows each line and the totals in rupees', () => {
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByText('2.5G Ethernet Adapter')).toBeVisible();
    expect(summary().getByText('Subtotal (3 items)')).toBeVisible();
    expect(summary().getAllByText('₹4,398')).toHaveLength(2);
    expect(summary().getByText('Free')).toBeVisible();
  });

  it('shows shipping as the shop quotes it before checkout, and counts it in the total', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...adapter, price: 349 }]));
    fakeApi({
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: 'p1', stock: 50 }],
      'POST /shipping/quote': (): Answer => [200, { charge: 79, freeFrom: 999, zone: 'restOfIndia', weightGrams: 500 }],
    });
    renderPage(<CartPage />, { path: '/cart' });
    expect(await summary().findByText('₹79 (free from ₹999)')).toBeVisible();
    expect(summary().getByText('Total').nextSibling?.textContent).toBe('₹428');
  });

  it('asks the quote for each variant by its SKU, the same variant twice as one item', async () => {
    const olive: CartItem = { ...adapter, id: 'p3', name: 'Sleeve', price: 999, variantSku: 'SLV-OL', quantity: 1 };
    const black: CartItem = { ...olive, variantSku: 'SLV-BK', quantity: 2 };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([olive, black, adapter]));
    const calls = fakeApi({
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: 'p1', stock: 50 }],
      'GET /products/p3': (): Answer => [200, { id: 'p3', title: 'p3', stock: 50 }],
      'POST /shipping/quote': (): Answer => [200, { charge: 79, freeFrom: 999, zone: 'restOfIndia', weightGrams: 500 }],
    });
    renderPage(<CartPage />, { path: '/cart' });
    await waitFor(() => expect(calls.some((call) => call.route === 'POST /shipping/quote')).toBe(true));
    expect(calls.find((call) => call.route === 'POST /shipping/quote')?.body).toEqual({
      items: [
        { productId: 'p3', quantity: 1, variantSku: 'SLV-OL' },
        { productId: 'p3', quantity: 2, variantSku: 'SLV-BK' },
        { productId: 'p1', quantity: 1 },
      ],
    });
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
    await expectVisibleText('Removed from cart');
    expect(stored().map((item) => item.id)).toEqual(['p2']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove 7-Port USB Hub from cart' }));
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  it('keeps two sizes and colours of one product as two lines, and removes only the one asked', async () => {
    const navy = { ...adapter, id: 'sleeve', name: 'Sleeve', selectedSize: '13"', selectedColor: 'Navy' };
    const olive = { ...navy, selectedSize: '15.6"', selectedColor: 'Olive' };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([navy, olive]));
    shopHolds({ sleeve: 50 });
    renderPage(<CartPage />, { path: '/cart' });
    expect(screen.getByText('Size: 13" · Colour: Navy')).toBeVisible();
    expect(screen.getByText('Size: 15.6" · Colour: Olive')).toBeVisible();
    await userEvent.click(screen.getAllByRole('button', { name: 'Remove Sleeve from cart' })[0] as HTMLElement);
    expect(stored()).toEqual([olive]);
  });

  it('stops the quantity at the stock, counting every line of the product', async () => {
    shopHolds({ p1: 3, p2: 50 });
    renderPage(<CartPage />, { path: '/cart' });
    const increase = screen.getByRole('button', { name: 'Increase quantity of 2.5G Ethernet Adapter' });
    await waitFor(() => expect(productReads()).toBe(2));
    await userEvent.click(increase);
    await userEvent.click(increase);
    await waitFor(() => expect(increase).toBeDisabled());
    expect(stored().find((item) => item.id === 'p1')?.quantity).toBe(3);
  });

  it('warns about lines the shop can no longer sell as they are, and offers checkout once they are fixed', async () => {
    const dock = { ...adapter, id: 'p3', name: 'USB-C Dock', quantity: 1 };
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter, hub, dock]));
    shopHolds({ p1: 'gone', p2: 1, p3: 0 });
    renderPage(<CartPage />, { path: '/cart' });

    await expectVisibleText('No longer available');
    await expectVisibleText('Only 1 left');
    expect(screen.getByText('Out of stock')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent("Some items in your cart can't be ordered as they are.");
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Change to 1' }));
    expect(stored().find((item) => item.id === 'p2')?.quantity).toBe(1);
    for (const button of screen.getAllByRole('button', { name: 'Remove' })) await userEvent.click(button);
    expect(stored().map((item) => item.id)).toEqual(['p2']);
    expect(screen.queryByText('Only 1 left')).toBeNull();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('sends a guest to sign in before checkout, and back to checkout after', async () => {
    renderPage(<CartPage />, { path: '/cart' });
    // Checkout waits for the products to be read again.
    await waitFor(() => expect(productReads()).toBe(2));
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await expectVisibleText('Landed on /login');
    expect(screen.getByText('Please sign in to check out.')).toBeVisible();
  });
});

describe('a coupon in the cart', () => {
  const quoted = (body: { couponCode?: string }): Answer => {
    const discounted = body.couponCode?.toUpperCase() === 'SAVE10';
    return [
      200,
      {
        subtotal: 2499,
        discount: discounted ? 200 : 0,
        shipping: 0,
        codFee: 0,
        taxIncluded: 350.68,
        taxes: [{ rate: 18, amount: 350.68 }],
        total: discounted ? 2299 : 2499,
        coupon: discounted ? { code: body.couponCode, label: 'Discount (SAVE10)' } : null,
        charges: discounted ? [{ kind: 'discount', label: 'Discount (SAVE10)', amount: -200 }] : [],
      },
    ];
  };

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...adapter, price: 2499 }]));
  });

  it('applies nothing by itself; a code the shopper applies is priced by the shop and shown as its own line', async () => {
    const calls = fakeApi({
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: 'p1', stock: 50 }],
      'POST /quote': (body) => quoted(body as { couponCode?: string }),
    });
    renderPage(<CartPage />, { path: '/cart' });
    await waitFor(() => expect(calls.some((call) => call.route === 'POST /quote')).toBe(true));
    expect(
      calls.filter((call) => call.route === 'POST /quote').every((call) => !('couponCode' in (call.body as object))),
    ).toBe(true);
    expect(summary().queryByText('Discount (SAVE10)')).toBeNull();

    await userEvent.type(summary().getByLabelText('Coupon code'), 'save10');
    await userEvent.click(summary().getByRole('button', { name: 'Apply' }));
    expect(await summary().findByText('Discount (SAVE10)')).toBeVisible();
    expect(summary().getByText('Discount (SAVE10)').nextSibling?.textContent).toBe('−₹200');
    expect(summary().getByText('Total').nextSibling?.textContent).toBe('₹2,299');
    expect(calls.at(-1)?.body).toMatchObject({ lines: [{ productId: 'p1', quantity: 1 }], couponCode: 'save10' });
    // The checkout finds it applied; removing it takes it off.
    expect(sessionStorage.getItem('netkart.coupon')).toBe('save10');
    await userEvent.click(summary().getByRole('button', { name: 'Remove coupon save10' }));
    await waitFor(() => expect(summary().getByText('Total').nextSibling?.textContent).toBe('₹2,499'));
    expect(sessionStorage.getItem('netkart.coupon')).toBeNull();
  });

  it('says which rule a refused code broke, and takes it off', async () => {
    fakeApi({
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: 'p1', stock: 50 }],
      'POST /quote': (body) =>
        (body as { couponCode?: string }).couponCode
          ? [
              400,
              {
                error: 'Coupon BIGSPEND needs an order of ₹5,000 or more; your items come to ₹2,499.',
                field: 'couponCode',
              },
            ]
          : quoted({}),
    });
    renderPage(<CartPage />, { path: '/cart' });
    await userEvent.type(summary().getByLabelText('Coupon code'), 'BIGSPEND');
    await userEvent.click(summary().getByRole('button', { name: 'Apply' }));
    expect(await summary().findByRole('alert')).toHaveTextContent(
      'Coupon BIGSPEND needs an order of ₹5,000 or more; your items come to ₹2,499.',
    );
    await waitFor(() => expect(sessionStorage.getItem('netkart.coupon')).toBeNull());
    expect(summary().getByText('Total').nextSibling?.textContent).toBe('₹2,499');
  });
});

describe('a reminder’s link back to the cart', () => {
  it('puts the kept cart back in this browser at today’s prices, keeping the larger quantity, and leaves the address bar', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
    const calls = fakeApi({
      'GET /cart/restore/tok-1': (): Answer => [
        200,
        {
          lines: [
            { productId: 'p1', quantity: 1, name: adapter.name },
            { productId: 'p2', quantity: 2, name: hub.name },
          ],
        },
      ],
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: adapter.name, stock: 50 }],
      'GET /products/p2': (): Answer => [
        200,
        { id: 'p2', title: hub.name, discountedPrice: 1199, imgUrl: '/h.svg', stock: 50 },
      ],
    });
    renderPage(<CartPage />, { path: '/cart?restore=tok-1', route: '/cart' });
    await waitFor(() => expect(stored()).toHaveLength(2));
    expect(stored().map((line) => [line.id, line.quantity, line.price])).toEqual([
      ['p1', 1, 1899],
      ['p2', 2, 1199],
    ]);
    expect(await screen.findByText('7-Port USB Hub')).toBeVisible();
    expect(calls.filter((call) => call.route === 'GET /cart/restore/tok-1')).toHaveLength(1);
  });

  it('says so when the link is not known', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
    fakeApi({
      'GET /cart/restore/old': (): Answer => [
        404,
        { error: 'This link to a cart is not known here: it may be for another shop.' },
      ],
      'GET /products/p1': (): Answer => [200, { id: 'p1', title: adapter.name, stock: 50 }],
    });
    renderPage(<CartPage />, { path: '/cart?restore=old', route: '/cart' });
    expect(await screen.findByText('This link to a cart is not known here: it may be for another shop.')).toBeVisible();
    expect(stored()).toEqual([adapter]);
  });
});
