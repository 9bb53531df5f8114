import { type Order, PAYMENT_NOT_SET_UP, type PaymentField } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, anOrderLine, SAMPLE_ADDRESS } from '@/test/orders';
import { type Answer, type ApiCall, fakeApi, hindiPage, renderPage } from '@/test/render-page';
import { expectVisibleText } from '@/test/visible';
import PaymentPage from './PaymentPage';

afterEach(() => vi.unstubAllGlobals());

const FIELDS: PaymentField[] = [
  { name: 'holder', label: 'Name of the payer', type: 'text', rules: { required: true } },
  {
    name: 'gstin',
    label: 'GSTIN',
    type: 'text',
    rules: { pattern: '^[0-9]{2}[A-Z0-9]{13}$' },
    rulesMessages: ['', '', '', 'A GSTIN is 15 characters, starting with the state code'],
  },
  { name: 'mobile', label: 'Mobile number', type: 'tel', rules: { required: true } },
  { name: 'company', label: 'Company', type: 'text', showWhenFilled: ['gstin'] },
];

/** The sandbox's own fields: what the shop can fill in from the account and the order. */
const PAYER_FIELDS: PaymentField[] = [
  { name: 'fullName', label: 'Name of the payer', type: 'text', rules: { required: true } },
  { name: 'email', label: 'Email for the receipt', type: 'email', rules: { required: true } },
  { name: 'phone', label: 'Mobile number', type: 'tel', rules: { required: true, minLength: 13, maxLength: 13 } },
];

const ORDER_ID = '7KX2M9QH4D';

function order(overrides: Partial<Order> = {}): Order {
  return anOrder({
    id: ORDER_ID,
    items: [
      anOrderLine({ productTitle: 'USB-C to Gigabit LAN Adapter', quantity: 2, price: 1299, color: 'Space Grey' }),
      anOrderLine({ id: 'line-2', productId: 'p2', productTitle: 'Laptop Sleeve', price: 899.5, size: '14 inch' }),
    ],
    // Not a mobile: nothing to prefill the mobile field with.
    shippingAddress: { ...SAMPLE_ADDRESS, phone: '044 2345 6789' },
    total: 3497.5,
    ...overrides,
  });
}

interface Setup {
  path?: string;
  order?: Order;
  fields?: PaymentField[];
  provider?: string;
  account?: Answer;
  pay?: (body: unknown) => Answer;
}

function renderPayment({
  path = `/payment?orderId=${ORDER_ID}`,
  order: shown = order(),
  fields = FIELDS,
  provider = 'sandbox',
  account = [401, { error: 'Sign in first.' }],
  pay = () => [200, { success: true }],
}: Setup = {}) {
  const calls = fakeApi({
    [`GET /orders/${ORDER_ID}`]: () => [200, shown],
    'GET /payments/fields': () => [200, { provider, fields }],
    'GET /accountInfo': () => account,
    'POST /payments': pay,
  });
  renderPage(<PaymentPage />, { path, route: '/payment' });
  return calls;
}

const payments = (calls: ApiCall[]) => calls.filter((call) => call.route === 'POST /payments');

async function fillRequired() {
  await userEvent.type(await screen.findByLabelText(/Name of the payer/), 'Asha Rao');
  await userEvent.type(screen.getByLabelText(/Mobile number/), '98450 12345');
}

describe('the payment page', () => {
  it('says so when there is no order to pay', async () => {
    fakeApi({});
    renderPage(<PaymentPage />, { path: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order ID is missing. Please return to checkout.');
  });

  it('on a Hindi page, says in Hindi that there is no order to pay', async () => {
    fakeApi({});
    renderPage(<PaymentPage />, { path: '/payment', i18n: await hindiPage() });
    expect(await screen.findByRole('alert')).toHaveTextContent('ऑर्डर आईडी नहीं मिली। कृपया चेकआउट पर वापस जाएँ।');
    expect(screen.getByRole('link', { name: 'चेकआउट पर वापस' })).toBeVisible();
  });

  it('on a Hindi page, says in Hindi that a paid order has nothing more to pay, and a cancelled one why', async () => {
    fakeApi({ [`GET /orders/${ORDER_ID}`]: () => [200, order({ status: 1 })] });
    const hindi = await hindiPage();
    const { unmount } = renderPage(<PaymentPage />, {
      path: `/payment?orderId=${ORDER_ID}`,
      route: '/payment',
      i18n: hindi,
    });
    expect(await screen.findByRole('heading', { name: 'इस ऑर्डर का भुगतान हो चुका है' })).toBeVisible();
    await expectVisibleText(`ऑर्डर #${ORDER_ID} के लिए अब कुछ भी चुकाना बाकी नहीं है।`);
    unmount();

    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [200, order({ status: 4, cancelReason: 'Payment not received' })],
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment', i18n: hindi });
    expect(await screen.findByRole('heading', { name: 'यह ऑर्डर रद्द हो गया' })).toBeVisible();
    await expectVisibleText(`ऑर्डर #${ORDER_ID} का भुगतान अब नहीं किया जा सकता। कारण: Payment not received`);
  });

  it('says so when the payment form cannot be loaded', async () => {
    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [200, order()],
      'GET /payments/fields': () => [500, { error: 'boom' }],
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment form. Please try again later.');
  });

  it('keeps Pay Now disabled until the required fields are filled, with +91 in front of the mobile', async () => {
    renderPayment();
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+91');
    expect(payNow).toBeDisabled();
    await fillRequired();
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+919845012345');
    expect(payNow).toBeEnabled();
  });

  it('shows a field only once the field it depends on is filled', async () => {
    renderPayment();
    await screen.findByRole('button', { name: 'Pay Now' });
    expect(screen.queryByLabelText('Company')).toBeNull();
    await userEvent.type(screen.getByLabelText('GSTIN'), '29');
    expect(screen.getByLabelText('Company')).toBeVisible();
  });

  it("refuses invalid values with the field's own message and a 'Validation Error' toast", async () => {
    const calls = renderPayment();
    await fillRequired();
    await userEvent.type(screen.getByLabelText('GSTIN'), 'not-a-gstin');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    await expectVisibleText('Validation Error');
    expect(screen.getByText('A GSTIN is 15 characters, starting with the state code')).toBeVisible();
    expect(payments(calls)).toEqual([]);
  });

  it('writes the amount, payee and UPI id beside the QR, and keeps the shopper’s 12-digit UTR', async () => {
    const utrs: unknown[] = [];
    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [200, order()],
      'GET /payments/fields': () => [200, { provider: 'upi', fields: [] }],
      'GET /accountInfo': () => [401, { error: 'Sign in first.' }],
      'POST /payments': () => [
        200,
        {
          success: true,
          action: {
            type: 'qr',
            qr: 'upi://pay?pa=netkart%40okaxis&pn=NetKart%20Stores&tr=X&tn=Order&am=3497.50&cu=INR',
          },
        },
      ],
      'POST /payments/reference': (body) => {
        utrs.push(body);
        return [
          200,
          {
            recorded: true,
            reference: '412356789012',
            message: 'Thank you. We will confirm your payment by this reference and update your order.',
          },
        ];
      },
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment' });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('heading', { name: 'Scan QR Code to Complete Payment' })).toBeVisible();
    expect(screen.getByText('netkart@okaxis')).toBeVisible();
    expect(screen.getByText('NetKart Stores')).toBeVisible();
    expect(screen.getByText('₹3,497.50')).toBeVisible();
    // No button into a UPI app on a computer.
    expect(screen.queryByRole('link', { name: 'Pay with a UPI app' })).toBeNull();

    const utr = screen.getByLabelText('UPI transaction reference (UTR)');
    await userEvent.type(utr, '41235');
    await userEvent.click(screen.getByRole('button', { name: 'Save my UTR' }));
    expect(await screen.findByText("A UTR is the 12 digits of the UPI transfer's reference.")).toBeVisible();
    expect(utrs).toEqual([]);

    await userEvent.type(utr, '6789012');
    await userEvent.click(screen.getByRole('button', { name: 'Save my UTR' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We will confirm your payment by this reference');
    expect(utrs).toEqual([{ orderId: ORDER_ID, reference: '412356789012' }]);
  });

  it('lists the ways to pay the store offers before the gateway, the first chosen', async () => {
    fakeApi({
      [`GET /orders/${ORDER_ID}`]: () => [200, order()],
      'GET /payments/fields': () => [
        200,
        {
          provider: 'razorpay',
          fields: [],
          methods: [
            {
              id: 'razorpay',
              title: 'UPI, cards, net banking or wallet',
              description: 'Pay securely in Razorpay Checkout.',
            },
          ],
        },
      ],
      'GET /accountInfo': () => [401, { error: 'Sign in first.' }],
    });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment' });
    const group = await screen.findByRole('group', { name: 'How would you like to pay?' });
    expect(within(group).getByRole('radio', { name: /UPI, cards, net banking or wallet/ })).toBeChecked();
  });

  it('offers the UPI app on a phone, beside the QR', async () => {
    renderPayment({
      fields: [],
      pay: () => [
        200,
        { success: true, action: { type: 'deeplink', redirectUrl: 'upi://pay?pa=netkart%40okaxis&am=10.00&cu=INR' } },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute(
      'href',
      'upi://pay?pa=netkart%40okaxis&am=10.00&cu=INR',
    );
    expect(screen.getByLabelText('UPI transaction reference (UTR)')).toBeVisible();
  });

  it('shows the UPI QR code the server answers with, and sends only the visible fields', async () => {
    const calls = renderPayment({
      pay: () => [
        200,
        { success: true, action: { type: 'qr', qr: 'upi://pay?pa=netkart%40okaxis&am=1899.00&cu=INR' } },
      ],
    });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('heading', { name: 'Scan QR Code to Complete Payment' })).toBeVisible();
    const qr = screen.getByTitle('Payment QR code').closest('svg');
    expect(qr).toHaveAttribute('height', '256');
    expect(calls.find((call) => call.route === 'POST /payments')?.body).toEqual({
      orderId: ORDER_ID,
      fields: { holder: 'Asha Rao', gstin: '', mobile: '+919845012345' },
    });
  });

  it("says 'Payment initiated' and shows the orders when the provider needs nothing more", async () => {
    renderPayment();
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await expectVisibleText('Landed on /orders');
    expect(screen.getByText('Payment initiated')).toBeVisible();
  });

  it("shows the server's reason when the payment cannot start", async () => {
    renderPayment({ pay: () => [409, { error: 'This order is not awaiting payment.' }] });
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is not awaiting payment.');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('shows what is being paid for: each line with its size or colour, the total and the address', async () => {
    renderPayment();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('USB-C to Gigabit LAN Adapter')).toBeVisible();
    expect(within(summary).getByText('Colour: Space Grey')).toBeVisible();
    expect(within(summary).getByText('Size: 14 inch')).toBeVisible();
    expect(within(summary).getByText('Total').parentElement).toHaveTextContent('₹3,497.50');
    expect(within(summary).getByText(/12, 4th Cross, Indiranagar, Bengaluru, Karnataka, 560038/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  });

  it('says when the order cannot be read, with no form', async () => {
    fakeApi({ [`GET /orders/${ORDER_ID}`]: () => [404, { error: 'Order not found or access denied.' }] });
    renderPage(<PaymentPage />, { path: `/payment?orderId=${ORDER_ID}`, route: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found or access denied.');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('fills in the name and email of the account and the mobile of the shipping address', async () => {
    const calls = renderPayment({
      fields: PAYER_FIELDS,
      account: [200, { id: 'u1', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', createdAt: '' }],
      order: order({ shippingAddress: { ...order().shippingAddress, phone: '+91 98450 12345' } }),
    });
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    expect(screen.getByLabelText(/Name of the payer/)).toHaveValue('Asha Rao');
    expect(screen.getByLabelText(/Email for the receipt/)).toHaveValue('asha@example.in');
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+919845012345');
    await userEvent.click(payNow);
    await screen.findByText('Landed on /orders');
    expect(payments(calls)[0]?.body).toEqual({
      orderId: ORDER_ID,
      fields: { fullName: 'Asha Rao', email: 'asha@example.in', phone: '+919845012345' },
    });
  });

  describe('a pasted mobile number keeps its ten digits', () => {
    const forms = ['+91 98450 12345', '098450 12345', '9845012345', '+91-98450-12345'];

    it.each(forms)('%s pasted after the +91 already there', async (pasted) => {
      renderPayment();
      const mobile = await screen.findByLabelText(/Mobile number/);
      expect(mobile).toHaveValue('+91');
      await userEvent.click(mobile);
      await userEvent.paste(pasted);
      expect(mobile).toHaveValue('+919845012345');
    });

    it.each(forms)('%s pasted over the whole field', async (pasted) => {
      renderPayment();
      const mobile = await screen.findByLabelText(/Mobile number/);
      await userEvent.tripleClick(mobile);
      await userEvent.paste(pasted);
      expect(mobile).toHaveValue('+919845012345');
    });
  });

  it.each([
    [1, 'Processing'],
    [2, 'Shipped'],
    [3, 'Delivered'],
  ])('tells a paid order (%s, %s) apart before any form', async (status) => {
    const calls = renderPayment({ order: order({ status }) });
    expect(await screen.findByRole('heading', { name: 'This order is already paid' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(payments(calls)).toEqual([]);
  });

  it('tells a cancelled order apart, with the reason it was cancelled', async () => {
    renderPayment({ order: order({ status: 4, cancelReason: 'Payment not received' }) });
    expect(await screen.findByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
    expect(screen.getByText(/Reason: Payment not received/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('says online payment is not set up when the store has no provider, with no form', async () => {
    renderPayment({ provider: 'none', fields: [] });
    await expectVisibleText(PAYMENT_NOT_SET_UP);
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });

  it('back from a declined payment: says it failed and why, and Retry lets the shopper pay again', async () => {
    const calls = renderPayment({
      path: `/payment?orderId=${ORDER_ID}&payment=failed&reason=${encodeURIComponent('Declined by the bank')}`,
    });
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    expect(within(failed).getByText('Declined by the bank')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await expectVisibleText('Landed on /orders');
    expect(payments(calls)).toHaveLength(1);
  });

  it('back from a payment the order could not take: says it will be refunded, with no form', async () => {
    renderPayment({
      order: order({ status: 4, cancelReason: 'Payment not received' }),
      path: `/payment?orderId=${ORDER_ID}&payment=refund&reason=${encodeURIComponent('The order was cancelled')}`,
    });
    expect(await screen.findByRole('heading', { name: 'Your payment will be refunded' })).toBeVisible();
    expect(
      screen.getByText(
        'We received your payment, but this order could not take it: The order was cancelled. The shop will refund the full amount to you.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
