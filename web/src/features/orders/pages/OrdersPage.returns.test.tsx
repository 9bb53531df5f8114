import type { OrderReturnsResponse, Return } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder, anOrderLine } from '@/test/orders';
import { fakeApi, renderPage } from '@/test/render-page';
import OrdersPage from './OrdersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function signIn() {
  // biome-ignore lint/suspicious/noDocumentCookie: a signed-in shopper is one with the auth_token cookie
  document.cookie = 'auth_token=token-123; path=/';
}

const delivered = anOrder({
  id: 'DLVR234567',
  status: 3,
  items: [
    anOrderLine({ id: 'line-1', productTitle: 'Cotton Kurta', size: 'M', quantity: 2, price: 899 }),
    anOrderLine({ id: 'line-2', productId: 'p2', productTitle: 'Dupatta', quantity: 1, price: 499 }),
  ],
});

const aReturn = (overrides: Partial<Return> = {}): Return => ({
  id: 'RET2345678',
  orderId: 'DLVR234567',
  kind: 'return',
  reason: 'Too small',
  status: 'requested',
  statusLabel: 'Return asked',
  refusalReason: null,
  pickup: null,
  courier: null,
  awb: null,
  refundTo: null,
  amount: 899,
  items: [
    {
      orderItemId: 'line-1',
      productId: 'p1',
      productTitle: 'Cotton Kurta',
      size: 'M',
      color: null,
      quantity: 1,
      price: 899,
    },
  ],
  creditNote: null,
  exchangeOrderId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  approvedAt: null,
  refusedAt: null,
  pickupBookedAt: null,
  receivedAt: null,
  ...overrides,
});

const returnsAnswer = (overrides: Partial<OrderReturnsResponse> = {}): OrderReturnsResponse => ({
  data: [],
  lastDay: '2026-11-30',
  open: true,
  exchanges: true,
  ...overrides,
});

describe('Return or exchange on My Orders', () => {
  it('asks for a return of the chosen items with a reason, then shows it with its status', async () => {
    signIn();
    let answer = returnsAnswer();
    const calls = fakeApi({
      'GET /orders': () => [200, [delivered]],
      'GET /orders/DLVR234567/returns': () => [200, answer],
      'POST /orders/DLVR234567/returns': () => {
        answer = returnsAnswer({ data: [aReturn()] });
        return [201, aReturn()];
      },
    });
    renderPage(<OrdersPage />, { path: '/orders' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
    const dialog = within(await screen.findByRole('dialog'));

    // Nothing chosen, then no reason: said in the form, nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    expect(dialog.getByRole('alert').textContent).toBe('Choose at least one item and how many go back.');
    await user.selectOptions(dialog.getByLabelText('Cotton Kurta, M'), 'Send back 1');
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    expect(dialog.getByRole('alert').textContent).toBe('Say why the items go back.');
    expect(calls.some((call) => call.route.startsWith('POST'))).toBe(false);

    await user.type(dialog.getByLabelText(/Why are they going back/), 'Too small');
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route === 'POST /orders/DLVR234567/returns')?.body).toEqual({
      items: { 'line-1': 1 },
      reason: 'Too small',
      kind: 'return',
    });
    const section = within(await screen.findByRole('region', { name: 'Returns of order DLVR234567' }));
    expect(await section.findByText('Return RET2345678')).toBeTruthy();
    expect(section.getByText('Return asked')).toBeTruthy();
  });

  it("an exchange, and a COD order's refund to a UPI id; the shop's refusal is shown as it said it", async () => {
    signIn();
    const cod = anOrder({
      ...delivered,
      id: 'CODX234567',
      cod: { awaitingConfirmation: false, phone: '+919845012345' },
    });
    const calls = fakeApi({
      'GET /orders': () => [200, [cod]],
      'GET /orders/CODX234567/returns': () => [
        200,
        returnsAnswer({
          data: [aReturn({ orderId: 'CODX234567', status: 'refused', statusLabel: 'Refused', refusalReason: 'Worn' })],
        }),
      ],
      'POST /orders/CODX234567/returns': (body) => [
        201,
        aReturn({ orderId: 'CODX234567', kind: (body as { kind: Return['kind'] }).kind }),
      ],
    });
    renderPage(<OrdersPage />, { path: '/orders' });
    const user = userEvent.setup();
    expect(await screen.findByText('Not accepted: Worn')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Dupatta'), 'Send back 1');
    await user.type(dialog.getByLabelText(/Why are they going back/), 'Colour differs');
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    expect(dialog.getByRole('alert').textContent).toBe('Give the UPI id your refund should be paid to.');
    await user.type(dialog.getByLabelText(/UPI id for your refund/), 'asha@okaxis');
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.route.startsWith('POST'))?.body).toEqual({
      items: { 'line-2': 1 },
      reason: 'Colour differs',
      kind: 'return',
      refundTo: { upi: 'asha@okaxis' },
    });

    await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
    const again = within(await screen.findByRole('dialog'));
    await user.click(again.getByLabelText('The same product in another size or colour'));
    expect(again.queryByLabelText(/UPI id/)).toBeNull();
  });

  it("the server's refusal is shown in the form; nothing is offered once the window is closed", async () => {
    signIn();
    fakeApi({
      'GET /orders': () => [200, [delivered]],
      'GET /orders/DLVR234567/returns': () => [200, returnsAnswer()],
      'POST /orders/DLVR234567/returns': () => [
        409,
        { error: 'The return window of order DLVR234567 closed on 2026-11-30 (7 days after delivery).' },
      ],
    });
    renderPage(<OrdersPage />, { path: '/orders' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Return or exchange' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Cotton Kurta, M'), 'Send back 2');
    await user.type(dialog.getByLabelText(/Why are they going back/), 'x');
    await user.click(dialog.getByRole('button', { name: 'Ask for return' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The return window of order DLVR234567 closed on 2026-11-30 (7 days after delivery).',
    );
  });

  it('a closed window with no returns shows nothing', async () => {
    signIn();
    fakeApi({
      'GET /orders': () => [200, [delivered]],
      'GET /orders/DLVR234567/returns': () => [200, returnsAnswer({ open: false })],
    });
    renderPage(<OrdersPage />, { path: '/orders' });
    await screen.findByRole('heading', { name: 'Order #DLVR234567' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Return or exchange' })).toBeNull();
  });
});
