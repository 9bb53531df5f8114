import type { Coupon } from '@netkart/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProductSummary, aSession, fakeApi, renderAdmin } from '../../test/render-admin';

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
      'GET /admin/coupons': () => [200, { data: [aCoupon({ to: null })] }],
    });
    renderAdmin('/admin/coupons');
    expect(await screen.findByRole('rowheader', { name: 'SAVE10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add coupon' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable SAVE10' })).toBeNull();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('shows each coupon’s state: scheduled, live, ended, used up, disabled', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'read-only' })],
      'GET /admin/coupons': () => [
        200,
        {
          data: [
            aCoupon({ id: 'C1', code: 'LATER', from: '2099-01-01', to: null }),
            aCoupon({ id: 'C2', code: 'NOW', from: '2020-01-01', to: '2099-12-31' }),
            aCoupon({ id: 'C3', code: 'OVER', from: null, to: '2020-12-31' }),
            aCoupon({ id: 'C4', code: 'GONE', to: null, limit: 5, used: 5 }),
            aCoupon({ id: 'C5', code: 'OFF', to: null, disabled: true }),
          ],
        },
      ],
    });
    renderAdmin('/admin/coupons');
    const stateOf = async (code: string) => {
      const row = (await screen.findByRole('rowheader', { name: code })).closest('tr') as HTMLElement;
      return within(row).getAllByRole('cell').at(-1)?.textContent;
    };
    expect(await stateOf('LATER')).toBe('Scheduled');
    expect(await stateOf('NOW')).toBe('Live');
    expect(await stateOf('OVER')).toBe('Ended');
    expect(await stateOf('GONE')).toBe('Used up');
    expect(await stateOf('OFF')).toBe('Disabled');
    const gone = within((await screen.findByRole('rowheader', { name: 'GONE' })).closest('tr') as HTMLElement);
    expect(gone.getByText('5 of 5 used, 1 per customer')).toBeTruthy();
  });

  it('names what is wrong beside each field before anything is sent', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'catalogue' })],
      'GET /admin/coupons': () => [200, { data: [] }],
      'GET /admin/products': () => [
        200,
        { data: [], total: 0, page: 1, limit: 1, categories: [], lowStockThreshold: 5 },
      ],
    });
    renderAdmin('/admin/coupons');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add coupon' }));
    expect(
      screen.getByText('Type the code shoppers will enter (like DIWALI10), or choose an automatic offer.'),
    ).toBeTruthy();
    expect(screen.getByText('A percent coupon needs percent.')).toBeTruthy();

    await user.type(screen.getByLabelText('Code'), 'NO SPACES');
    await user.type(screen.getByLabelText('Percent'), '150');
    await user.type(screen.getByLabelText('Orders in all'), '0');
    await user.type(screen.getByLabelText('Orders per customer'), 'two');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-05-01' } });
    fireEvent.change(screen.getByLabelText('To (last day)'), { target: { value: '2027-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(screen.getByText('code is 3 to 30 letters, digits, - or _ (like DIWALI10).')).toBeTruthy();
    expect(screen.getByText('percent must be a whole number from 1 to 100.')).toBeTruthy();
    expect(screen.getByText('limit must be at least 1.')).toBeTruthy();
    expect(screen.getByText('perCustomer must be a whole number.')).toBeTruthy();
    expect(screen.getByText('to must not be before from.')).toBeTruthy();
    expect(screen.getByLabelText('Percent').getAttribute('aria-invalid')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Gives'), 'flat');
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));
    expect(screen.getByText('A flat coupon needs flat (rupees off).')).toBeTruthy();
    expect(calls.some((call) => call.route === 'POST /admin/coupons')).toBe(false);
  });

  it('adds an automatic offer limited to a category and a product found by SKU, and lists it', async () => {
    let added: Coupon | undefined;
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'catalogue' })],
      'GET /admin/coupons': () => [200, { data: added ? [added] : [] }],
      'GET /admin/products': (_body, url) => [
        200,
        {
          data: url?.searchParams.get('q') === 'LAN' ? [aProductSummary()] : [],
          total: 1,
          page: 1,
          limit: 8,
          categories: ['Audio', 'LAN Adapters'],
          lowStockThreshold: 5,
        },
      ],
      'POST /admin/coupons': (body) => {
        const sent = body as Partial<Coupon>;
        added = aCoupon({
          id: 'CPNOFFER01',
          code: null,
          percent: 15,
          maxDiscount: 300,
          minOrder: 1499,
          from: '2020-01-01',
          to: '2099-12-31',
          limit: 50,
          perCustomer: 2,
          categories: sent.categories ?? [],
          productIds: sent.productIds ?? [],
          prepaidOnly: true,
          used: 0,
        });
        return [201, added];
      },
    });
    renderAdmin('/admin/coupons');
    const user = userEvent.setup();
    expect(await screen.findByText('No coupons yet')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /An automatic offer/ }));
    expect(screen.queryByLabelText('Code')).toBeNull();
    await user.type(screen.getByLabelText('Percent'), '15');
    await user.type(screen.getByLabelText('Most off (₹)'), '300');
    await user.type(screen.getByLabelText('Minimum order (₹)'), '1499');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
    fireEvent.change(screen.getByLabelText('To (last day)'), { target: { value: '2099-12-31' } });
    await user.type(screen.getByLabelText('Orders in all'), '50');
    await user.type(screen.getByLabelText('Orders per customer'), '2');
    await user.click(await screen.findByRole('checkbox', { name: 'LAN Adapters' }));
    await user.type(screen.getByLabelText('Find a product'), 'LAN');
    await user.click(await screen.findByRole('button', { name: 'Add LAN-USBC-1G' }));
    expect(
      within(screen.getByRole('list', { name: 'Products the coupon covers' })).getByText(
        'USB-C Gigabit LAN Adapter (LAN-USBC-1G)',
      ),
    ).toBeTruthy();
    await user.click(screen.getByLabelText('Prepaid orders only (not with cash on delivery)'));
    await user.click(screen.getByRole('button', { name: 'Add coupon' }));

    const row = within(
      (await screen.findByRole('rowheader', { name: 'Automatic offer' })).closest('tr') as HTMLElement,
    );
    expect(calls.filter((call) => call.route === 'POST /admin/coupons').at(-1)?.body).toEqual({
      kind: 'percent',
      percent: 15,
      maxDiscount: 300,
      minOrder: 1499,
      limit: 50,
      perCustomer: 2,
      from: '2020-01-01',
      to: '2099-12-31',
      categories: ['LAN Adapters'],
      productIds: ['p1'],
      prepaidOnly: true,
    });
    expect(
      row.getByText(
        '15% off up to ₹300 · orders of ₹1,499 or more · only LAN Adapters · only 1 product · prepaid only',
      ),
    ).toBeTruthy();
    expect(row.getByText('0 of 50 used, 2 per customer')).toBeTruthy();
    expect(row.getByText('Live')).toBeTruthy();
  });
});
