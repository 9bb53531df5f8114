import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdminOrder, aSession, fakeApi, renderAdmin } from '../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const ID = '7KX2M9QH4D';
const invoice = { type: 'tax-invoice' as const, number: 'NK/26-27/000001', issuedAt: '2026-11-20T10:05:00.000Z' };

describe('an invoiced order’s e-way bill and copies', () => {
  it('offers the transporter’s and supplier’s copies, and records a 12-digit e-way bill', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      [`GET /admin/orders/${ID}`]: () => [
        200,
        anAdminOrder({ status: 1, allowedMoves: [2, 4], total: 64000, documents: [invoice] }),
      ],
      [`GET /admin/orders/${ID}/eway-bill`]: () => [200, { ewayBill: null }],
      [`PUT /admin/orders/${ID}/eway-bill`]: (body) => [200, { ewayBill: body }],
    });
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Duplicate (transporter)' })).toHaveAttribute(
      'href',
      `/api/v1/admin/orders/${ID}/invoice?copy=duplicate`,
    );
    expect(screen.getByRole('link', { name: 'Triplicate (supplier)' })).toHaveAttribute(
      'href',
      `/api/v1/admin/orders/${ID}/invoice?copy=triplicate`,
    );

    const panel = await screen.findByRole('region', { name: 'E-way bill' });
    expect(within(panel).getByText(/worth more than ₹50,000: it travels with an e-way bill/)).toBeVisible();
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('E-way bill number'), '12345');
    expect(within(panel).getByText('An e-way bill number has 12 digits.')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Save e-way bill' })).toBeDisabled();
    await user.type(within(panel).getByLabelText('E-way bill number'), '6789012');
    await user.click(within(panel).getByRole('button', { name: 'Save e-way bill' }));
    await waitFor(() => expect(within(panel).getByText('123456789012')).toBeVisible());
    const put = calls.find((call) => call.route === `PUT /admin/orders/${ID}/eway-bill`);
    expect(put?.body).toMatchObject({ number: '123456789012', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('shows nothing of the kind for an order without an invoice', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      [`GET /admin/orders/${ID}`]: () => [200, anAdminOrder()],
    });
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'E-way bill' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Duplicate (transporter)' })).toBeNull();
  });
});
