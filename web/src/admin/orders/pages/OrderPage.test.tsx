import { type AdminOrder, STALE_ORDER, UTR_MESSAGE } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Answer, anAdminOrder, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const ID = '7KX2M9QH4D';
const ACTIONS = ['Mark as paid', 'Ship', 'Mark delivered', 'Edit tracking', 'Cancel order'];

function api(order: AdminOrder, actions: Record<string, (body: unknown) => Answer> = {}) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession()],
    [`GET /admin/orders/${ID}`]: () => [200, order],
    'GET /admin/orders': () => [200, { data: [], total: 0, page: 1, limit: 25, counts: {} }],
    ...Object.fromEntries(
      Object.entries(actions).map(([action, answer]) => [`POST /admin/orders/${ID}/${action}`, answer]),
    ),
  });
}

const offered = () => ACTIONS.filter((name) => screen.queryByRole('button', { name }) !== null);

describe('an order in the back office', () => {
  it.each([
    [0, [1, 4], ['Mark as paid', 'Cancel order']],
    [1, [2, 4], ['Ship', 'Cancel order']],
    [2, [3], ['Mark delivered', 'Edit tracking']],
    [3, [], []],
    [4, [], []],
  ])('offers only the moves allowed from status %i', async (status, allowedMoves, actions) => {
    api(anAdminOrder({ status, allowedMoves }));
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(offered()).toEqual(actions);
  });

  it('shows the order’s timeline as the shopper reads it, in the back office’s English', async () => {
    api(
      anAdminOrder({
        status: 2,
        allowedMoves: [3],
        timeline: [
          { at: '2026-11-20T05:30:00.000Z', kind: 'placed', label: 'Order placed' },
          { at: '2026-11-21T06:00:00.000Z', kind: 'shipped', label: 'Shipped', detail: 'Delhivery · AWB 1234567890' },
        ],
      }),
    );
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    const steps = screen.getByRole('list', { name: 'Order timeline' });
    expect(within(steps).getByText('Shipped')).toBeVisible();
    expect(within(steps).getByText('Delhivery · AWB 1234567890')).toBeVisible();
  });

  it('shows the items, the shopper, the payments and the timeline', async () => {
    api(
      anAdminOrder({
        status: 1,
        allowedMoves: [2, 4],
        items: [
          {
            id: 'l1',
            productId: 'p2',
            productTitle: 'Neoprene Laptop Sleeve',
            quantity: 2,
            price: 62500,
            size: '13"',
            color: 'Navy',
          },
        ],
        total: 125000,
        payments: [
          {
            provider: 'sandbox',
            reference: 'SBX-1',
            amount: 125000,
            status: 'success',
            needsRefund: true,
            refundReason: 'The order was cancelled before the payment arrived.',
            test: true,
            createdAt: '2026-11-20T10:05:00.000Z',
          },
          {
            provider: 'razorpay',
            reference: 'pay_29QQoUBi66xm2f',
            amount: 125000,
            status: 'success',
            needsRefund: false,
            refundReason: null,
            refund: { reference: 'rfnd_FP8QHiV938haTz', amount: 125000, status: 'started' },
            test: false,
            createdAt: '2026-11-20T10:06:00.000Z',
          },
          {
            provider: 'upi',
            reference: '412356789012',
            amount: 125000,
            status: 'pending',
            needsRefund: false,
            refundReason: null,
            givenByShopper: true,
            test: false,
            createdAt: '2026-11-20T10:07:00.000Z',
          },
        ],
        events: [
          { fromStatus: null, toStatus: 0, actor: 'shopper', note: null, createdAt: '2026-11-20T10:00:00.000Z' },
          {
            fromStatus: 0,
            toStatus: 1,
            actor: 'gateway:sandbox',
            note: 'Paid SBX-1',
            createdAt: '2026-11-20T10:05:00.000Z',
          },
        ],
      }),
    );
    renderAdmin(`/admin/orders/${ID}`);
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText('Size: 13" · Colour: Navy')).toBeVisible();
    expect(within(items).getByText('2 × ₹62,500')).toBeVisible();
    expect(within(items).getAllByText('₹1,25,000')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Shopper' })).getByText('shopper@example.in')).toBeVisible();
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(
      within(payments).getByText('Needs refund: The order was cancelled before the payment arrived.'),
    ).toBeVisible();
    expect(within(payments).getByText('TEST')).toBeVisible();
    expect(within(payments).getByText(/Refund started/)).toHaveTextContent(
      'Refund started: ₹1,25,000 (rfnd_FP8QHiV938haTz)',
    );
    expect(
      within(payments).getByText('The shopper gave this UTR: check it arrived, then confirm the payment.'),
    ).toBeVisible();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Pending → Processing')).toBeVisible();
    expect(within(timeline).getByText(/gateway:sandbox/)).toBeVisible();
    expect(within(timeline).getByText('Paid SBX-1')).toBeVisible();
    expect(document.title).toBe(`Order ${ID} · Back office`);
  });

  it('marks a UPI order paid by its UTR, checked in the browser first, with the CSRF token', async () => {
    const paid = anAdminOrder({ status: 1, allowedMoves: [2, 4], updatedAt: '2026-11-20T11:00:00.000Z' });
    const calls = api(anAdminOrder(), { paid: () => [200, paid] });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    const utr = within(dialog).getByLabelText('UPI UTR (12 digits)');
    expect(utr).toHaveFocus();
    await userEvent.type(utr, '1234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    expect(await within(dialog).findByText(UTR_MESSAGE)).toBeVisible();
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([]);

    await userEvent.clear(utr);
    await userEvent.type(utr, '412345678901');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/paid`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
      reference: '412345678901',
    });
    const [, init] = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/paid')) ?? [];
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string> | undefined)?.['x-csrf-token']).toBe('csrf-123');
    // The page shows the order the server answered.
    expect(await screen.findByRole('button', { name: 'Ship' })).toBeVisible();
    expect(offered()).toEqual(['Ship', 'Cancel order']);
  });

  it('ships with Shiprocket when the store books through it, then offers the label', async () => {
    const courierService = { name: 'shiprocket', title: 'Shiprocket' };
    const shipped = anAdminOrder({
      status: 2,
      allowedMoves: [3],
      courier: 'Delhivery Surface',
      trackingNumber: '19041424751540',
      trackingUrl: 'https://shiprocket.co/tracking/19041424751540',
      courierService,
      courierLabel: true,
    });
    const calls = api(anAdminOrder({ status: 1, allowedMoves: [2, 4], courierService }), {
      courier: () => [200, shipped],
    });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Ship with Shiprocket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship with Shiprocket' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book the parcel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/courier`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
      provider: 'shiprocket',
    });
    expect(await screen.findByRole('link', { name: 'Print label' })).toHaveAttribute(
      'href',
      `/api/v1/admin/orders/${ID}/label`,
    );
    expect(screen.queryByRole('button', { name: 'Ship with Shiprocket' })).toBeNull();
  });

  it('asks a PayU store for the PayU payment id', async () => {
    api(
      anAdminOrder({
        paymentReference: 'payu',
        paymentReferenceRule: {
          label: 'PayU payment id',
          pattern: '^[A-Za-z0-9_-]{4,40}$',
          message: 'A PayU payment id is 4 to 40 letters, digits, dashes or underscores.',
          help: 'PayU took the payment: enter its payment id. The order becomes Processing.',
          numeric: false,
        },
      }),
    );
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByLabelText('PayU payment id')).toBeVisible();
  });

  it('shows the server’s refusal of the tracking number beside that field in the ship dialog', async () => {
    const calls = api(anAdminOrder({ status: 1, allowedMoves: [2, 4] }), {
      ship: () => [
        400,
        { error: 'That tracking number is already on order 9ABCDEF123.', field: 'shipment.trackingNumber' },
      ],
    });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship' });

    // The contract's own rule first: a tracking number or page is needed.
    await userEvent.type(within(dialog).getByLabelText('Courier'), 'Delhivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Give the tracking number or the tracking page, or both.')).toBeVisible();

    await userEvent.type(within(dialog).getByLabelText('Tracking number'), 'DL 1234 5678');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    const trackingNumber = within(dialog).getByLabelText('Tracking number');
    await waitFor(() =>
      expect(trackingNumber).toHaveAccessibleDescription('That tracking number is already on order 9ABCDEF123.'),
    );
    expect(trackingNumber).toHaveFocus();
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/ship`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
      shipment: { courier: 'Delhivery', trackingNumber: 'DL 1234 5678' },
    });
  });

  it('says when the order changed since the page was opened, and reloads it', async () => {
    const shipped = anAdminOrder({ status: 2, allowedMoves: [3], trackingNumber: 'DL1234', courier: 'Delhivery' });
    const calls = api(shipped, { deliver: () => [409, { error: STALE_ORDER }] });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_ORDER);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((call) => call.route === `GET /admin/orders/${ID}`)).toHaveLength(2));
  });

  it('cancels with an optional reason after saying the items go back into stock', async () => {
    const calls = api(anAdminOrder(), { cancel: () => [200, anAdminOrder({ status: 4, allowedMoves: [] })] });
    renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    expect(dialog).toHaveTextContent('The items go back into stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/cancel`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('names the version of the order the dialog was opened on, even when the page reloads meanwhile', async () => {
    const calls = api(anAdminOrder({ status: 2, allowedMoves: [3] }), { deliver: () => [409, { error: STALE_ORDER }] });
    const { queryClient } = renderAdmin(`/admin/orders/${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark delivered' });
    queryClient.setQueryData(
      ['admin', 'order', ID],
      anAdminOrder({ status: 2, allowedMoves: [3], updatedAt: 'later' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_ORDER);
    expect(calls.find((call) => call.route === `POST /admin/orders/${ID}/deliver`)?.body).toEqual({
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('goes back to the sign-in form when the session has ended', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      [`GET /admin/orders/${ID}`]: () => [401, { error: 'Please sign in to the back office.' }],
    });
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });
});

describe('the invoice of an order in the back office', () => {
  const placed = { fromStatus: null, toStatus: 0, actor: 'shopper', note: null, createdAt: '2026-11-20T10:00:00.000Z' };
  const paid = { fromStatus: 0, toStatus: 1, actor: 'merchant', note: null, createdAt: '2026-11-20T10:05:00.000Z' };
  const cancelled = {
    fromStatus: 1,
    toStatus: 4,
    actor: 'merchant',
    note: null,
    createdAt: '2026-11-21T09:00:00.000Z',
  };
  const link = (name: string) => screen.queryByRole('link', { name });
  const invoice = { type: 'tax-invoice' as const, number: 'NK/26-27/000001', issuedAt: '2026-11-20T10:05:00.000Z' };
  const creditNote = { type: 'credit-note' as const, number: 'NKC/26-27/00001', issuedAt: '2026-11-21T09:00:00.000Z' };

  it('links to the invoice of a paid order', async () => {
    api(anAdminOrder({ status: 2, allowedMoves: [3], events: [placed, paid], documents: [invoice] }));
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(link('Download invoice')).toHaveAttribute('href', `/api/v1/admin/orders/${ID}/invoice`);
    expect(link('Download invoice')).toHaveAttribute('download');
    expect(link('Download credit note')).toBeNull();
  });

  it('links to the invoice and the credit note of an order cancelled after payment', async () => {
    api(
      anAdminOrder({
        status: 4,
        allowedMoves: [],
        events: [placed, paid, cancelled],
        documents: [invoice, creditNote],
      }),
    );
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(link('Download invoice')).toHaveAttribute('href', `/api/v1/admin/orders/${ID}/invoice`);
    expect(link('Download credit note')).toHaveAttribute('href', `/api/v1/admin/orders/${ID}/credit-note`);
  });

  it('offers a receipt when the seller issued one instead of a tax invoice', async () => {
    const receipt = { type: 'receipt' as const, number: 'NKR/26-27/00001', issuedAt: '2026-11-20T10:05:00.000Z' };
    api(anAdminOrder({ status: 1, allowedMoves: [2, 4], events: [placed, paid], documents: [receipt] }));
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(link('Download receipt')).toHaveAttribute('href', `/api/v1/admin/orders/${ID}/invoice`);
    expect(link('Download invoice')).toBeNull();
  });

  it.each([0, 4])('has no invoice for an order never paid (status %i)', async (status) => {
    api(anAdminOrder({ status, allowedMoves: [], events: [placed] }));
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    expect(link('Download invoice')).toBeNull();
    expect(link('Download credit note')).toBeNull();
  });
});
