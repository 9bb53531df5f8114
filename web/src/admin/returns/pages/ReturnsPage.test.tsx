import type { Return } from '@netkart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

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

describe('the returns page', () => {
  it("shows the shopper's photos on the return, each opening full size", async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/returns': () => [
        200,
        { data: [{ ...aReturn({ photos: 2 }), customer: 'Asha Rao' }], counts: { requested: 1 } },
      ],
    });
    renderAdmin('/admin/returns');
    const card = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    const photos = within(card.getByRole('list', { name: 'Photos of return RET2345678' }));
    const images = photos.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/api/v1/admin/returns/RET2345678/photos/1',
      '/api/v1/admin/returns/RET2345678/photos/2',
    ]);
    expect(images[0]?.getAttribute('alt')).toBe('Sent by the shopper, 1 of 2');
    expect(photos.getAllByRole('link')[1]?.getAttribute('href')).toBe('/api/v1/admin/returns/RET2345678/photos/2');
  });

  it('books the pickup with the courier service, and shows why when it cannot', async () => {
    let booked = false;
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/returns': () => [
        200,
        {
          data: [
            {
              ...aReturn(
                booked
                  ? {
                      status: 'pickup-booked',
                      statusLabel: 'Pickup booked',
                      courier: 'Delhivery Surface',
                      awb: '19041000500001',
                    }
                  : { status: 'approved', statusLabel: 'Approved' },
              ),
              customer: 'Asha Rao',
            },
          ],
          counts: {},
        },
      ],
      'POST /admin/returns/RET2345678/pickup': () => {
        if (calls.filter((call) => call.route === 'POST /admin/returns/RET2345678/pickup').length === 1) {
          return [424, { error: 'Shiprocket did not answer within 10 s. Try again.' }];
        }
        booked = true;
        return [200, aReturn({ status: 'pickup-booked', courier: 'Delhivery Surface', awb: '19041000500001' })];
      },
    });
    renderAdmin('/admin/returns');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    await user.click(card.getByRole('button', { name: 'Book with courier service' }));
    expect((await card.findByRole('alert')).textContent).toContain('Shiprocket did not answer');
    await user.click(card.getByRole('button', { name: 'Book with courier service' }));
    expect(await card.findByText('Pickup with Delhivery Surface, AWB 19041000500001')).toBeTruthy();
    const sent = calls.filter((call) => call.route === 'POST /admin/returns/RET2345678/pickup');
    expect(sent.map((call) => call.body)).toEqual([{ via: 'courier' }, { via: 'courier' }]);
  });

  it('a return without photos shows none', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/returns': () => [200, { data: [{ ...aReturn(), customer: 'Ravi' }], counts: { requested: 1 } }],
    });
    renderAdmin('/admin/returns');
    const card = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    expect(card.queryByRole('list', { name: /Photos of return/ })).toBeNull();
  });

  it('lists the returns to decide on, approves one, refuses another with its reason, books a pickup and receives', async () => {
    let status: Return['status'] = 'requested';
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession()],
      'GET /admin/returns': () => [
        200,
        {
          data: [
            { ...aReturn({ status, statusLabel: status }), customer: 'Asha Rao' },
            { ...aReturn({ id: 'RET9999999' }), customer: 'Ravi' },
          ],
          counts: { requested: 2 },
        },
      ],
      'POST /admin/returns/RET2345678/approve': () => {
        status = 'approved';
        return [200, aReturn({ status })];
      },
      'POST /admin/returns/RET9999999/refuse': () => [200, aReturn({ id: 'RET9999999', status: 'refused' })],
      'POST /admin/returns/RET2345678/pickup': () => {
        status = 'pickup-booked';
        return [200, aReturn({ status })];
      },
      'POST /admin/returns/RET2345678/receive': () => [200, aReturn({ status: 'received' })],
    });
    renderAdmin('/admin/returns');
    const user = userEvent.setup();
    const first = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    expect(first.getByText('Asha Rao')).toBeTruthy();
    expect(first.getByText('Reason: Too small')).toBeTruthy();
    await user.click(first.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'POST /admin/returns/RET2345678/approve')).toBe(true),
    );

    const second = within(screen.getByRole('article', { name: 'Return RET9999999' }));
    await user.click(second.getByRole('button', { name: 'Refuse' }));
    await user.type(second.getByLabelText('Why is it refused?'), 'Worn');
    await user.click(second.getByRole('button', { name: 'Refuse return' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /admin/returns/RET9999999/refuse')?.body).toEqual({
        reason: 'Worn',
      }),
    );

    const approved = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    await user.type(await approved.findByLabelText('Pickup AWB'), 'RV123456');
    await user.type(approved.getByLabelText('Courier'), 'Delhivery');
    await user.click(approved.getByRole('button', { name: 'Book pickup' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /admin/returns/RET2345678/pickup')?.body).toEqual({
        via: 'hand',
        courier: 'Delhivery',
        awb: 'RV123456',
      }),
    );
    const booked = within(await screen.findByRole('article', { name: 'Return RET2345678' }));
    await user.click(await booked.findByRole('button', { name: 'Mark received' }));
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'POST /admin/returns/RET2345678/receive')).toBe(true),
    );
  });
});
