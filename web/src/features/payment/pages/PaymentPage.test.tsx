import type { PaymentField } from '@store/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, fakeApi, renderPage } from '@/test/render-page';
import PaymentPage from './PaymentPage';

afterEach(() => vi.unstubAllGlobals());

const FIELDS: PaymentField[] = [
  { name: 'payerName', label: 'Name of the payer', type: 'text', rules: { required: true } },
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

function renderPayment(pay: (body: unknown) => Answer, path = '/payment?orderId=7KX2M9QH4D') {
  const calls = fakeApi({
    'GET /payments/fields': () => [200, { provider: 'test', fields: FIELDS }],
    'POST /payments': pay,
  });
  renderPage(<PaymentPage />, { path, route: '/payment' });
  return calls;
}

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

  it('says so when the payment form cannot be loaded', async () => {
    fakeApi({ 'GET /payments/fields': () => [500, { error: 'boom' }] });
    renderPage(<PaymentPage />, { path: '/payment?orderId=7KX2M9QH4D', route: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load payment form. Please try again later.');
  });

  it('keeps Pay Now disabled until the required fields are filled, with +91 in front of the mobile', async () => {
    renderPayment(() => [200, { success: true }]);
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+91');
    expect(payNow).toBeDisabled();
    await fillRequired();
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('+919845012345');
    expect(payNow).toBeEnabled();
  });

  it('shows a field only once the field it depends on is filled', async () => {
    renderPayment(() => [200, { success: true }]);
    await screen.findByRole('button', { name: 'Pay Now' });
    expect(screen.queryByLabelText('Company')).toBeNull();
    await userEvent.type(screen.getByLabelText('GSTIN'), '29');
    expect(screen.getByLabelText('Company')).toBeVisible();
  });

  it("refuses invalid values with the field's own message and a 'Validation Error' toast", async () => {
    const calls = renderPayment(() => [200, { success: true }]);
    await fillRequired();
    await userEvent.type(screen.getByLabelText('GSTIN'), 'not-a-gstin');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByText('Validation Error')).toBeVisible();
    expect(screen.getByText('A GSTIN is 15 characters, starting with the state code')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /payments')).toEqual([]);
  });

  it('shows the UPI QR code the server answers with, and sends only the visible fields', async () => {
    const calls = renderPayment(() => [
      200,
      { success: true, action: { type: 'qr', qr: 'upi://pay?pa=netkart%40okaxis&am=1899.00&cu=INR' } },
    ]);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));

    expect(await screen.findByRole('heading', { name: 'Scan QR Code to Complete Payment' })).toBeVisible();
    const qr = screen.getByTitle('Payment QR code').closest('svg');
    expect(qr).toHaveAttribute('height', '256');
    expect(calls.find((call) => call.route === 'POST /payments')?.body).toEqual({
      orderId: '7KX2M9QH4D',
      fields: { payerName: 'Asha Rao', gstin: '', mobile: '+919845012345' },
    });
  });

  it("says 'Payment initiated' and shows the orders when the provider needs nothing more", async () => {
    renderPayment(() => [200, { success: true }]);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Landed on /orders')).toBeVisible();
    expect(screen.getByText('Payment initiated')).toBeVisible();
  });

  it("shows the server's reason when the payment cannot start", async () => {
    renderPayment(() => [409, { error: 'This order is not awaiting payment.' }]);
    await fillRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is not awaiting payment.');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });
});
