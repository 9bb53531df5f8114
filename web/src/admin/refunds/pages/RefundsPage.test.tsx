import type { AdminRefund } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdminOrder, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const aRefund = (overrides: Partial<AdminRefund> = {}): AdminRefund => ({
  id: 'r1',
  orderId: '7KX2M9QH4D',
  amount: 4297,
  method: 'by-hand',
  destination: null,
  reason: 'Order cancelled after payment',
  source: 'cancel',
  status: 'due',
  waitingForGateway: false,
  lastError: null,
  gatewayReference: null,
  merchantReference: null,
  payment: { provider: 'upi', reference: '700000000101' },
  createdAt: '2026-11-20T10:00:00.000Z',
  refundedAt: null,
  ...overrides,
});

describe('the refunds page', () => {
  it('lists refunds to make, with the gateway and made, and records one by its reference', async () => {
    let refunds = [
      aRefund(),
      aRefund({
        id: 'r2',
        orderId: 'GATEWAY001',
        method: 'gateway',
        status: 'requested',
        gatewayReference: 'rfnd_FP8QHiV938haTz',
        payment: { provider: 'razorpay', reference: 'pay_29QQoUBi66xm2f' },
      }),
      aRefund({
        id: 'r3',
        orderId: 'DONE000001',
        status: 'refunded',
        merchantReference: '800000000001',
        refundedAt: '2026-11-21T10:00:00.000Z',
      }),
    ];
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/refunds': () => [200, { data: refunds }],
      'POST /admin/orders/7KX2M9QH4D/refunded': (body) => {
        const { reference } = body as { reference: string };
        if (reference === '1') return [400, { error: "Give the refund's reference.", field: 'reference' }];
        refunds = refunds.map((refund) =>
          refund.id === 'r1' ? { ...refund, status: 'refunded', merchantReference: reference } : refund,
        );
        return [200, { data: refunds.filter((refund) => refund.orderId === '7KX2M9QH4D') }];
      },
    });
    renderAdmin('/admin/refunds');

    const toRefund = await screen.findByRole('list', { name: 'To refund (1)' });
    const [due] = within(toRefund).getAllByRole('listitem');
    const item = within(due as HTMLElement);
    expect(item.getByRole('link', { name: '7KX2M9QH4D' })).toHaveAttribute('href', '/admin/orders/7KX2M9QH4D');
    expect(item.getByText('₹4,297')).toBeVisible();
    expect(item.getByText('Due')).toBeVisible();
    expect(
      item.getByText(/By you, to the account the shopper paid from · Order cancelled after payment/),
    ).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'With the gateway (1)' })).getByText('With the gateway'),
    ).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Refunded (1)' })).getByText('800000000001')).toBeVisible();
    expect(document.title).toBe('Refunds · Back office');

    const form = item.getByRole('form', { name: 'Record refund of order 7KX2M9QH4D' });
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(within(form).getByText("Enter the refund's reference: the UTR of the transfer.")).toBeVisible();
    expect(calls.some((call) => call.route.startsWith('POST'))).toBe(false);

    await userEvent.type(within(form).getByLabelText('Refund reference (UTR)'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await within(form).findByText("Give the refund's reference.")).toBeVisible();

    await userEvent.clear(within(form).getByLabelText('Refund reference (UTR)'));
    await userEvent.type(within(form).getByLabelText('Refund reference (UTR)'), '800000000101');
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByRole('list', { name: 'Refunded (2)' })).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /admin/orders/7KX2M9QH4D/refunded').at(-1)?.body).toEqual({
      reference: '800000000101',
    });
    expect(screen.getByText('To refund (0)')).toBeVisible();
  });

  it("shows an order's refunds on its page, with the way to record one", async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/orders/7KX2M9QH4D': () => [200, anAdminOrder({ status: 4, refunds: [aRefund()] })],
    });
    renderAdmin('/admin/orders/7KX2M9QH4D');
    const panel = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(panel).getByText('₹4,297')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Record the refund on the Refunds page' })).toHaveAttribute(
      'href',
      '/admin/refunds',
    );
  });
});
