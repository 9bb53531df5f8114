import type { AdminReview } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSession, fakeApi, renderAdmin } from '../../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const aReview = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  id: 'REV2345678',
  productId: 'p1',
  productTitle: 'Cotton Kurta',
  author: 'Asha R.',
  rating: 4,
  title: 'Soft fabric',
  text: 'Fits well after a wash.',
  verifiedPurchase: true,
  helpfulCount: 0,
  createdAt: '2027-01-20T10:00:00.000Z',
  reply: null,
  repliedAt: null,
  status: 'pending',
  rejectReason: null,
  moderatedAt: null,
  ...overrides,
});

describe('the reviews page', () => {
  it('lists pending reviews; approves one, and rejects another with the reason typed', async () => {
    let approved = false;
    const calls = fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'catalogue' })],
      'GET /admin/reviews': () => [
        200,
        {
          data: [
            ...(approved ? [] : [aReview()]),
            aReview({ id: 'REV9999999', productTitle: 'Steel Bottle', text: 'Visit my shop' }),
          ],
          counts: { pending: approved ? 1 : 2 },
        },
      ],
      'POST /admin/reviews/REV2345678/approve': () => {
        approved = true;
        return [200, aReview({ status: 'approved' })];
      },
      'POST /admin/reviews/REV9999999/reject': () => [200, aReview({ id: 'REV9999999', status: 'rejected' })],
    });
    renderAdmin('/admin/reviews');
    const user = userEvent.setup();
    const first = within(await screen.findByRole('article', { name: /Review REV2345678/ }));
    expect(first.getByText('Fits well after a wash.')).toBeTruthy();
    expect(first.getByText('4 of 5 stars')).toBeTruthy();
    await user.click(first.getByRole('button', { name: 'Approve' }));
    const spam = within(await screen.findByRole('article', { name: /Review REV9999999/ }));
    await user.click(spam.getByRole('button', { name: 'Reject…' }));
    await user.type(spam.getByLabelText('Why it is rejected'), 'Advertising');
    await user.click(spam.getByRole('button', { name: 'Reject review' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.route === 'POST /admin/reviews/REV9999999/reject')?.body).toEqual({
        reason: 'Advertising',
      }),
    );
    expect(calls.some((call) => call.route === 'POST /admin/reviews/REV2345678/approve')).toBe(true);
  });

  it('read-only staff see the reviews but no buttons to moderate them', async () => {
    fakeApi({
      'GET /admin/session': () => [200, aSession({ role: 'read-only' })],
      'GET /admin/reviews': () => [200, { data: [aReview()], counts: { pending: 1 } }],
    });
    renderAdmin('/admin/reviews');
    const card = within(await screen.findByRole('article', { name: /Review REV2345678/ }));
    expect(card.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reviews' })).toBeTruthy();
  });
});
