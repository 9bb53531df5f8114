import type { AdminActivityResponse } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectVisibleText } from '@/test/visible';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';
import { actionWords, changesOf } from '../activity-words';

afterEach(() => vi.unstubAllGlobals());

const logged = (page: number): AdminActivityResponse => ({
  data: [
    {
      actor: 'staff:Asha Rao <asha@netkart.in>',
      action: 'order.shipped',
      subject: 'order:7KX2M9QH4D',
      before: { status: 'Processing' },
      after: { status: 'Shipped', courier: 'Delhivery' },
      createdAt: '2026-11-20T10:00:00.000Z',
    },
    {
      actor: 'store command',
      action: 'product.stock',
      subject: 'product:LAN-USBC-1G',
      before: { stock: 12 },
      after: { stock: 11 },
      createdAt: '2026-11-20T18:45:00.000Z',
    },
  ],
  total: 120,
  page,
  limit: 50,
});

describe('the activity log', () => {
  it('shows when in India time, who, what in words, the subject and each change', async () => {
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'owner', twoFactor: true })],
      'GET /admin/activity': (_body, url) => [200, logged(Number(url.searchParams.get('page') ?? 1))],
    });
    const { router } = renderAdmin('/admin/activity');
    const log = await screen.findByRole('list', { name: 'Changes, newest first' });
    const [shipped, stock] = within(log)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === log);
    expect(within(shipped as HTMLElement).getByText('20 Nov 2026, 3:30 pm')).toBeVisible();
    expect(within(shipped as HTMLElement).getByText('Order shipped')).toBeVisible();
    expect(within(shipped as HTMLElement).getByText('staff:Asha Rao <asha@netkart.in>')).toBeVisible();
    expect(within(shipped as HTMLElement).getByText('order:7KX2M9QH4D')).toBeVisible();
    expect(within(shipped as HTMLElement).getByText('status: Processing → Shipped')).toBeVisible();
    expect(within(shipped as HTMLElement).getByText('courier: Delhivery')).toBeVisible();
    // 18:45 UTC is past midnight in India.
    expect(within(stock as HTMLElement).getByText('21 Nov 2026, 12:15 am')).toBeVisible();
    expect(within(stock as HTMLElement).getByText('Stock changed')).toBeVisible();
    expect(within(stock as HTMLElement).getByText('stock: 12 → 11')).toBeVisible();
    expect(document.title).toBe('Activity · Back office');

    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    await expectVisibleText('Page 2 of 3');
    expect(
      calls
        .filter((call) => call.route === 'GET /admin/activity')
        .at(-1)
        ?.url.searchParams.get('page'),
    ).toBe('2');
  });

  it('is an owner’s page', async () => {
    fakeApi({ 'GET /admin/session': () => [200, aSession({ role: 'orders' })] });
    renderAdmin('/admin/activity');
    await expectVisibleText('Only an owner can do this.');
  });
});

describe('activity in words', () => {
  it.each([
    ['order.shipped', 'Order shipped'],
    ['order.mark-paid', 'Order marked paid'],
    ['store.payments', 'Payment settings changed'],
    ['ticket.close', 'Ticket marked handled'],
    ['coupon.made-up', 'Coupon made up'],
    ['coupon.use-returned', 'Coupon use given back (order cancelled)'],
  ])('%s → %s', (action, words) => expect(actionWords(action)).toBe(words));

  it('writes each change compactly, old → new', () => {
    expect(changesOf({ price: 1499, hidden: false }, { price: 1599, hidden: true, tags: ['a', 'b'] })).toEqual([
      { key: 'price', text: 'price: 1499 → 1599' },
      { key: 'hidden', text: 'hidden: false → true' },
      { key: 'tags', text: 'tags: a, b' },
    ]);
    expect(changesOf({ discountedPrice: 999 }, { discountedPrice: null })).toEqual([
      { key: 'discountedPrice', text: 'discountedPrice: 999 → —' },
    ]);
    expect(changesOf(null, null)).toEqual([]);
  });
});
