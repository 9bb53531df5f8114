import { INDIAN_MOBILE_MESSAGE } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '@/features/cart/cart-rules';
import { type ApiHandlers, fakeApi, renderPage } from '@/test/render-page';
import { aPlainStoreInfo, aStoreInfo } from '@/test/store-info';
import { expectVisibleText } from '@/test/visible';
import CheckoutPage, { orderLinesOf } from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const adapter: CartItem = {
  id: 'p-lan-1',
  name: 'USB-C to 2.5G Ethernet Adapter',
  image: '/media/products/nk-lan-001.svg',
  price: 1899,
  quantity: 2,
};

/** The shop's answers, with every product of the cart in stock unless told otherwise. */
/** The PIN directory's answers, as GET /pincodes/{pin} gives them. */
const place = (pincode: string, district: string, state: string, stateCode: string) => ({
  pincode,
  district,
  state,
  stateCode,
  serviceable: true,
  cod: false,
  estimate: { earliest: '2026-12-02', latest: '2026-12-07' },
});
const PINS: ApiHandlers = {
  'GET /pincodes/560038': () => [200, place('560038', 'Bangalore', 'Karnataka', '29')],
  'GET /pincodes/411038': () => [200, place('411038', 'Pune', 'Maharashtra', '27')],
  'GET /pincodes/999999': () => [404, { error: 'PIN code 999999 is not a PIN code we know. Please check it.' }],
};

const shop = (handlers: ApiHandlers = {}) =>
  fakeApi({
    ...PINS,
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

describe('the order summary and a business buyer', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter, { ...sleeve }]));
  });
  const sleeve: CartItem = { id: 'p-sleeve', name: 'Neoprene Laptop Sleeve', image: '/s.svg', price: 499, quantity: 1 };
  const registered = (handlers: ApiHandlers = {}) =>
    fakeApi({
      ...PINS,
      'GET /storeInfo': () => [200, aStoreInfo()],
      'GET /products/p-lan-1': () => [200, { id: 'p-lan-1', title: adapter.name, stock: 40, gstRate: 18 }],
      // No rate given: counted at the standard 18%, as its invoice will be.
      'GET /products/p-sleeve': () => [200, { id: 'p-sleeve', title: sleeve.name, stock: 40, gstRate: null }],
      ...handlers,
    });

  it('shows Items, free Shipping, one Total and the GST inside it from each product’s rate', async () => {
    registered();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const summary = screen.getByRole('complementary');
    // ₹1,899 × 2 at 18% holds ₹579.36 of GST; the ₹499 sleeve, without a rate, ₹76.12 at the standard 18%.
    expect(await within(summary).findByText('₹655.48')).toBeVisible();
    expect(within(summary).getByText('of which GST')).toBeVisible();
    expect(within(summary).getByText('Items').nextSibling?.textContent).toBe('₹4,297');
    expect(within(summary).getByText('Shipping').nextSibling?.textContent).toBe('Free');
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('₹4,297');
  });

  it('asks for the PIN before it charges shipping, then shows the charge to that PIN in the total and its GST', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...sleeve, price: 349 }]));
    const calls = registered({
      'POST /shipping/quote': () => [200, { charge: 79, freeFrom: 999, zone: 'restOfIndia', weightGrams: 500 }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const summary = screen.getByRole('complementary');
    expect(await within(summary).findByText('Enter your PIN code')).toBeVisible();
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('₹349');
    await userEvent.type(screen.getByLabelText('PIN code'), '560038');
    expect(await within(summary).findByText('₹79')).toBeVisible();
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('₹428');
    // ₹428 at 18% holds ₹65.28 of GST as the invoice splits it: ₹53.24 on the sleeve, and ₹12.04 on
    // shipping (₹12.05 would not halve into equal CGST and SGST: the odd paisa goes to the taxable value).
    expect(within(summary).getByText('of which GST').nextSibling?.textContent).toBe('₹65.28');
    expect(
      calls.find(
        (call) => call.route === 'POST /shipping/quote' && (call.body as { pincode?: string }).pincode === '560038',
      ),
    ).toBeTruthy();
  });

  it('claims no GST for a seller not registered for it', async () => {
    registered({ 'GET /storeInfo': () => [200, aPlainStoreInfo()] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const summary = screen.getByRole('complementary');
    expect(await within(summary).findByText('Items')).toBeVisible();
    await screen.findAllByText('₹4,297');
    expect(within(summary).queryByText('of which GST')).toBeNull();
  });

  it('checks the GSTIN in the browser with the server’s message, then sends it and the company name', async () => {
    const calls = registered({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.type(screen.getByLabelText('GSTIN (optional)'), '29AAGCB7383J1Z5');
    await userEvent.type(screen.getByLabelText('Company name (optional)'), '  Bluefin Analytics Pvt Ltd ');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('GSTIN 29AAGCB7383J1Z5 is mistyped: its check character does not match.');
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);

    await userEvent.clear(screen.getByLabelText('GSTIN (optional)'));
    await userEvent.type(screen.getByLabelText('GSTIN (optional)'), '29aagcb7383j1z4');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toMatchObject({
      buyerGstin: '29AAGCB7383J1Z4',
      buyerCompany: 'Bluefin Analytics Pvt Ltd',
    });
  });
});

describe('checkout', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
  });

  it('asks for every shipping field before it places the order', async () => {
    const calls = shop();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    // The city comes from the PIN now, so the address is the one left blank.
    await fillAddress({ Address: '' });
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
        phone: '+919845012345',
      },
      // The page's language, kept on the account for the order's emails.
      language: 'en',
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
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(
      '6 digits: the city and state follow from it PIN code must be 6 digits.',
    );
    expect(screen.getByText(INDIAN_MOBILE_MESSAGE)).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);
  });

  it.each(['+91 98450 12345', '098450 12345', '91-98450-12345'])(
    'turns the mobile %s, pasted or typed, into +919845012345 in the field',
    async (phone) => {
      shop();
      renderPage(<CheckoutPage />, { path: '/checkout' });
      const field = screen.getByLabelText('Phone');
      await userEvent.click(field);
      await userEvent.paste(phone);
      expect(field).toHaveValue('+919845012345');
      await userEvent.clear(field);
      await userEvent.type(field, phone);
      expect(field).toHaveValue('+919845012345');
    },
  );

  it('refuses a number that is no Indian mobile, such as +911234567890', async () => {
    const calls = shop();
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress({ Phone: '+911234567890' });
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));

    await expectVisibleText(INDIAN_MOBILE_MESSAGE);
    expect(calls.filter((call) => call.route === 'POST /orders')).toEqual([]);
  });

  it('offers no Place Order while a line is no longer available, and sends the shopper to the cart', async () => {
    shop({ 'GET /products/p-lan-1': () => [200, { id: 'p-lan-1', title: adapter.name, stock: 1 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('link', { name: 'Review your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  });

  it('asks the PIN first, fills the city and fixes the state from it, and keeps a city the shopper typed', async () => {
    const calls = shop({
      'POST /orders': () => [400, { error: 'PIN code 411038 is in Maharashtra, not Karnataka.', field: 'postalCode' }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const fields = screen.getAllByRole('textbox');
    expect(fields[0]).toBe(screen.getByLabelText('PIN code'));

    await userEvent.type(screen.getByLabelText('PIN code'), '411038');
    await vi.waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Pune'));
    expect(screen.getByLabelText('State')).toHaveValue('Maharashtra');
    expect(
      within(screen.getByLabelText('State'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Maharashtra']);
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription('Pune, Maharashtra');

    // Another PIN moves the filled city and the state with it; a city typed by hand stays.
    await userEvent.clear(screen.getByLabelText('PIN code'));
    await userEvent.type(screen.getByLabelText('PIN code'), '560038');
    await vi.waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Bangalore'));
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Bengaluru');
    await userEvent.clear(screen.getByLabelText('PIN code'));
    await userEvent.type(screen.getByLabelText('PIN code'), '411038');
    await vi.waitFor(() => expect(screen.getByLabelText('State')).toHaveValue('Maharashtra'));
    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');

    // A PIN the shop does not know is said beside the field; the state can then be chosen from the list.
    await userEvent.clear(screen.getByLabelText('PIN code'));
    await userEvent.type(screen.getByLabelText('PIN code'), '999999');
    await expectVisibleText('PIN code 999999 is not a PIN code we know. Please check it.');
    expect(within(screen.getByLabelText('State')).getAllByRole('option').length).toBeGreaterThan(30);

    // The server's refusal is shown beside the field it names, and everything typed stays.
    await userEvent.clear(screen.getByLabelText('PIN code'));
    await userEvent.type(screen.getByLabelText('PIN code'), '411038');
    await userEvent.type(screen.getByLabelText('Full name'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('Address'), '7, Model Colony');
    await userEvent.type(screen.getByLabelText('Phone'), '9845012345');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('PIN code 411038 is in Maharashtra, not Karnataka.');
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(
      expect.stringContaining('PIN code 411038 is in Maharashtra, not Karnataka.'),
    );
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toHaveProperty('shippingAddress', {
      fullName: 'Asha Rao',
      address: '7, Model Colony',
      city: 'Bengaluru',
      state: 'Maharashtra',
      postalCode: '411038',
      phone: '+919845012345',
    });
    expect(screen.getByLabelText('PIN code')).toHaveValue('411038');
    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');
    expect(screen.getByLabelText('Full name')).toHaveValue('Asha Rao');
  });
});

describe('saved addresses at checkout', () => {
  beforeEach(() => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([adapter]));
  });
  const home = {
    id: 'a-home',
    fullName: 'Asha Rao',
    address: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    phone: '+919845012345',
    isDefault: true,
  };
  const office = {
    ...home,
    id: 'a-office',
    address: '4, MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411038',
    isDefault: false,
  };

  it('offers them with the default chosen and filled in, and choosing another fills the form with it', async () => {
    const calls = shop({
      'GET /account/addresses': () => [200, [home, office]],
      'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const saved = await screen.findByRole('group', { name: 'Saved addresses' });
    const homeChoice = within(saved).getByRole('radio', { name: /Indiranagar/ });
    expect(homeChoice).toBeChecked();
    expect(screen.getByLabelText('Address')).toHaveValue('12, 4th Cross, Indiranagar');
    expect(screen.getByLabelText('PIN code')).toHaveValue('560038');
    expect(screen.getByLabelText('City')).toHaveValue('Bengaluru');

    await userEvent.click(within(saved).getByRole('radio', { name: /MG Road/ }));
    expect(screen.getByLabelText('Address')).toHaveValue('4, MG Road');
    expect(screen.getByLabelText('PIN code')).toHaveValue('411038');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toMatchObject({
      shippingAddress: { address: '4, MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '411038' },
    });
  });

  it('sends saveAddress only when the shopper ticks “Save this address”', async () => {
    const calls = shop({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByLabelText('Save this address'));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toMatchObject({ saveAddress: true });
  });

  it('asks for WhatsApp updates with an unticked box, and sends nothing of them while it stays unticked', async () => {
    const calls = shop({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    const box = screen.getByLabelText(/Send me updates about my orders on WhatsApp/);
    expect(box).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).not.toHaveProperty('whatsappUpdates');
  });

  it('sends whatsappUpdates when the shopper ticks the box', async () => {
    const calls = shop({ 'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }] });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByLabelText(/Send me updates about my orders on WhatsApp/));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toMatchObject({ whatsappUpdates: true });
  });

  it('says so when the order is placed but the address could not be saved', async () => {
    const message =
      'Your order is placed, but this address was not saved: you already have 10 saved addresses. Remove one in My Account to save another.';
    shop({
      'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0, addressSave: { saved: false, message } }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    await fillAddress();
    await userEvent.click(screen.getByLabelText('Save this address'));
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    await expectVisibleText('Address not saved');
    expect(screen.getByText(message)).toBeVisible();
  });
});

describe('a coupon at checkout', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...adapter, price: 2499, quantity: 1 }]));
  });
  /** The shop's price: SAVE10 takes ₹200 off online orders; with cash on delivery it is refused (prepaid only). */
  const quoted = (body: { couponCode?: string; paymentMethod?: string }) => {
    if (body.couponCode && body.paymentMethod === 'cod') {
      return [
        400,
        {
          error: 'Coupon SAVE10 is for prepaid orders only: pay online to use it, or remove it for cash on delivery.',
          field: 'couponCode',
        },
      ] as [number, unknown];
    }
    const discounted = Boolean(body.couponCode);
    return [
      200,
      {
        subtotal: 2499,
        discount: discounted ? 200 : 0,
        shipping: 0,
        codFee: 0,
        taxIncluded: 350.69,
        taxes: [{ rate: 18, amount: 350.69 }],
        total: discounted ? 2299 : 2499,
        coupon: discounted ? { code: body.couponCode, label: 'Discount (SAVE10)' } : null,
        charges: discounted ? [{ kind: 'discount', label: 'Discount (SAVE10)', amount: -200 }] : [],
      },
    ] as [number, unknown];
  };

  it('shows the coupon applied in the cart as its own line, the shop’s total, and places the order with it', async () => {
    sessionStorage.setItem('netkart.coupon', 'SAVE10');
    const calls = shop({
      'POST /quote': (body) => quoted(body as { couponCode?: string }),
      'POST /orders': () => [201, { id: '7KX2M9QH4D', status: 0 }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const summary = screen.getByRole('complementary');
    expect(await within(summary).findByText('Discount (SAVE10)')).toBeVisible();
    expect(within(summary).getByText('Discount (SAVE10)').nextSibling?.textContent).toBe('−₹200');
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('₹2,299');
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await expectVisibleText('Landed on /payment?orderId=7KX2M9QH4D');
    expect(calls.find((call) => call.route === 'POST /orders')?.body).toMatchObject({ couponCode: 'SAVE10' });
    expect(
      calls.find(
        (call) => call.route === 'POST /quote' && (call.body as { postalCode?: string }).postalCode === '560038',
      ),
    ).toBeTruthy();
  });

  it('a code the order refuses at the last moment is said beside the coupon field and taken off', async () => {
    sessionStorage.setItem('netkart.coupon', 'SAVE10');
    const calls = shop({
      'POST /quote': (body) => quoted(body as { couponCode?: string }),
      'POST /orders': () => [400, { error: 'Coupon SAVE10 has been used up.', field: 'couponCode' }],
    });
    renderPage(<CheckoutPage />, { path: '/checkout' });
    const summary = screen.getByRole('complementary');
    expect(await within(summary).findByText('Discount (SAVE10)')).toBeVisible();
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await within(summary).findByRole('alert')).toHaveTextContent('Coupon SAVE10 has been used up.');
    await waitFor(() => expect(within(summary).queryByText('Discount (SAVE10)')).toBeNull());
    expect(within(summary).getByText('Total').nextSibling?.textContent).toBe('₹2,499');
    expect(sessionStorage.getItem('netkart.coupon')).toBeNull();
    expect(calls.filter((call) => call.route === 'POST /orders')).toHaveLength(1);
  });
});

describe('order lines', () => {
  it('sends the variant’s SKU of a line that has one, and a line from before variants as it was', () => {
    expect(
      orderLinesOf([
        {
          id: 'p-1',
          name: 'Case',
          image: '',
          price: 1499,
          quantity: 1,
          selectedColor: 'Olive',
          variantSku: 'TC-OLV-S',
        },
        { id: 'p-2', name: 'Cable', image: '', price: 299, quantity: 2 },
      ]),
    ).toEqual([
      { productId: 'p-1', quantity: 1, size: undefined, color: 'Olive', variantSku: 'TC-OLV-S' },
      { productId: 'p-2', quantity: 2, size: undefined, color: undefined },
    ]);
  });
});
