import type { AdminCodCash, AdminOrder } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, anAdminOrder, aSession, aSummary, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const ID = '7KX2M9QH4D';
const awaiting: AdminCodCash = {
  confirmedAt: null,
  cashCollected: null,
  remittanceReference: null,
  collectedAt: null,
  collectedBy: null,
};
const confirmed: AdminCodCash = { ...awaiting, confirmedAt: '2026-11-20T10:10:00.000Z' };

function api(order: AdminOrder, actions: Record<string, (body: unknown) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    [`GET /admin/orders/${ID}`]: () => [200, order],
    ...Object.fromEntries(
      Object.entries(actions).map(([action, answer]) => [`POST /admin/orders/${ID}/${action}`, answer]),
    ),
  });
}

const codOrder = (overrides: Partial<AdminOrder>) =>
  anAdminOrder({ total: 1539, cod: { awaitingConfirmation: false, phone: '+91 98…45' }, ...overrides });

describe('the cash-on-delivery panel', () => {
  it('is absent for an order paid online', async () => {
    api(anAdminOrder());
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Cash on delivery' })).toBeNull();
  });

  it("says a Pending order awaits the shopper's code, and offers no cash button yet", async () => {
    api(
      codOrder({
        status: 0,
        allowedMoves: [4],
        codCash: awaiting,
        cod: { awaitingConfirmation: true, phone: '+91 98…45' },
      }),
    );
    renderAdmin(`/admin/orders/${ID}`);
    const panel = await screen.findByRole('region', { name: 'Cash on delivery' });
    expect(within(panel).getByText(/Awaiting the shopper's code, sent by SMS to \+91 98…45/)).toBeVisible();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('records the cash on a Shipped order: the total prefilled, checked first, then sent and shown', async () => {
    const recorded = codOrder({
      status: 3,
      allowedMoves: [],
      updatedAt: '2026-11-21T09:00:00.000Z',
      codCash: {
        ...confirmed,
        cashCollected: 1539,
        remittanceReference: 'DLV-REM-2027-0042',
        collectedAt: '2026-11-21T09:00:00.000Z',
        collectedBy: 'staff:asha@netkart.in',
      },
    });
    const calls = api(codOrder({ status: 2, allowedMoves: [3], codCash: confirmed }), {
      'cod-cash': () => [200, recorded],
    });
    renderAdmin(`/admin/orders/${ID}`);
    const panel = await screen.findByRole('region', { name: 'Cash on delivery' });
    expect(within(panel).getByText(/Confirmed by the shopper's code on/)).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Record cash collected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record cash collected' });
    const amount = within(dialog).getByLabelText('Cash collected (₹)');
    expect(amount).toHaveValue('1539');

    await userEvent.clear(amount);
    await userEvent.type(amount, '1,499');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record cash collected' }));
    expect(await within(dialog).findByText("The cash collected is the order's total, ₹1,539.")).toBeVisible();
    expect(await within(dialog).findByText("reference must be the courier's remittance reference.")).toBeVisible();
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([]);

    await userEvent.clear(amount);
    await userEvent.type(amount, '₹1,539');
    await userEvent.type(within(dialog).getByLabelText("Courier's remittance reference"), 'DLV-REM-2027-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record cash collected' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/cod-cash`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
      amount: 1539,
      reference: 'DLV-REM-2027-0042',
    });
    const shown = await screen.findByRole('region', { name: 'Cash on delivery' });
    expect(await within(shown).findByText('DLV-REM-2027-0042')).toBeVisible();
    expect(within(shown).getByText('₹1,539')).toBeVisible();
    expect(within(shown).getByText('staff:asha@netkart.in')).toBeVisible();
    expect(within(shown).queryByRole('button', { name: 'Record cash collected' })).toBeNull();
  });

  it("shows the server's refusal of the reference beside its field", async () => {
    api(codOrder({ status: 2, allowedMoves: [3], codCash: confirmed }), {
      'cod-cash': () => [
        400,
        { error: 'A remittance reference is the courier’s id of its COD payout.', field: 'reference' },
      ],
    });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Record cash collected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record cash collected' });
    await userEvent.type(within(dialog).getByLabelText("Courier's remittance reference"), 'REM-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record cash collected' }));
    expect(
      await within(dialog).findByText('A remittance reference is the courier’s id of its COD payout.'),
    ).toBeVisible();
  });

  it('marks a Shipped order returned to origin only after confirming', async () => {
    const cancelled = codOrder({ status: 4, allowedMoves: [], cancelReason: 'Returned to origin', codCash: confirmed });
    const calls = api(codOrder({ status: 2, allowedMoves: [3], codCash: confirmed }), { rto: () => [200, cancelled] });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Returned to origin (RTO)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Returned to origin (RTO)' });
    expect(within(dialog).getByText(/its items go back into stock/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Returned to origin (RTO)' }));
    const again = await screen.findByRole('dialog', { name: 'Returned to origin (RTO)' });
    await userEvent.click(within(again).getByRole('button', { name: 'Mark returned to origin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/rto`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(await screen.findByText('Cancelled: Returned to origin')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Returned to origin (RTO)' })).toBeNull();
  });
});

describe('the orders list', () => {
  it('marks cash-on-delivery orders COD, and no others', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/orders': () => [
        200,
        {
          data: [aSummary({ id: 'CODORDER01', cod: true }), aSummary({ id: 'ONLINE0001' })],
          total: 2,
          page: 1,
          limit: 25,
          counts: { '0': 2 },
        },
      ],
    });
    renderAdmin('/admin/orders');
    const table = await screen.findByRole('table');
    const [, codRow, onlineRow] = await within(table).findAllByRole('row');
    expect(within(codRow as HTMLElement).getByText('COD')).toHaveAttribute('title', 'Cash on delivery');
    expect(within(onlineRow as HTMLElement).queryByText('COD')).toBeNull();
  });
});
