import type { Coupon } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const aCoupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  id: 'CPN2345678',
  code: 'SAVE10',
  kind: 'percent',
  percent: 10,
  maxDiscount: 200,
  flat: null,
  minOrder: 999,
  from: null,
  to: '2027-03-31',
  limit: 100,
  perCustomer: 1,
  categories: [],
  productIds: [],
  prepaidOnly: true,
  used: 3,
  disabled: false,
  createdAt: '2027-01-20T10:00:00.000Z',
  ...overrides,
});

describe('the coupons page', () => {
  it('lists the coupons with what they give; catalogue staff add one and disable another', async () => {
    let added = false;
    let disabled = false;
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'catalogue' })],
      'GET /admin/coupons': () => [
        200,
        {
          data: [
            ...(added
              ? [
                  aCoupon({
                    id: 'CPNNEW0001',
                    code: 'FLAT100',
                    kind: 'flat',
                    percent: null,
                    maxDiscount: null,
                    flat: 100,
                    minOrder: 0,
                    prepaidOnly: false,
                    used: 0,
                  }),
                ]
              : []),
            aCoupon({ disabled }),
          ],
        },
      ],
      'POST /admin/coupons': (body) => {
        if ((body as { code?: string }).code === 'SAVE10')
          return [409, { error: 'The code SAVE10 is already a coupon here.', field: 'code' }];
        added = true;
        return [201, aCoupon({ id: 'CPNNEW0001', code: 'FLAT100' })];
      },
      'POST /admin/coupons/CPN2345678/disable': () => {
        disabled = true;
        return [200, aCoupon({ disabled: true })];
      },
    });
    renderAdmin('/admin/coupons');
    const user = userEvent.setup();
    const row = within((await screen.findByRole('rowheader', { name: 'SAVE10' })).closest('tr') as HTMLElement);
    expect(row.getByText('10% off up to ₹200 · orders of ₹999 or more · prepaid only')).toBeTruthy();
    expect(row.getByText('3 of 100 used, 1 per customer')).toBeTruthy();
    expect(row.getByText('now to 2027-03-31')).toBeTruthy();

    await user.type(screen.getByLabelText('Code'), 'SAVE10');
    await user.type(screen.getByLabelText('Percent'), '5');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(await screen.findByText('The code SAVE10 is already a coupon here.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Code'));
    await user.type(screen.getByLabelText('Code'), 'FLAT100');
    await user.selectOptions(screen.getByLabelText('Gives'), 'flat');
    await user.type(screen.getByLabelText('Rupees off'), '100');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(await screen.findByRole('rowheader', { name: 'FLAT100' })).toBeTruthy();
    expect(calls.filter((call) => call.route === 'POST /admin/coupons').at(-1)?.body).toEqual({
      code: 'FLAT100',
      kind: 'flat',
      flat: 100,
      categories: [],
      prepaidOnly: false,
    });

    await user.click(screen.getByRole('button', { name: 'Disable SAVE10' }));
    await vi.waitFor(() => expect(row.getByText('Disabled')).toBeTruthy());
  });

  it('shows read-only staff the list without a form or buttons', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'read-only' })],
      'GET /admin/coupons': () => [200, { data: [aCoupon()] }],
    });
    renderAdmin('/admin/coupons');
    expect(await screen.findByRole('rowheader', { name: 'SAVE10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add coupon' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable SAVE10' })).toBeNull();
    expect(screen.getByText('Active')).toBeTruthy();
  });
});
