import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, setAuthToken } from '@/lib/auth-token';
import { fakeApi, renderPage } from '@/test/render-page';
import { ProductReviews } from './ProductReviews';

const PRODUCT = 'prod-1';
const review = (id: string, rating: number, text: string, extra: object = {}) => ({
  id,
  productId: PRODUCT,
  author: 'Asha R.',
  rating,
  title: `Title ${id}`,
  text,
  verifiedPurchase: true,
  helpfulCount: 0,
  createdAt: '2027-01-20T10:00:00.000Z',
  reply: null,
  repliedAt: null,
  ...extra,
});
const listed = (data: object[], average: number) => [
  200,
  { data, rating: { average, count: data.length }, pagination: { page: 1, limit: 10, total: data.length } },
];

afterEach(() => {
  vi.unstubAllGlobals();
  clearAuthToken();
});

describe('the reviews on a product page', () => {
  beforeEach(() => clearAuthToken());

  it('shows the average and count, the approved reviews newest first with the store’s reply, and asks a guest to sign in', async () => {
    const calls = fakeApi({
      [`GET /products/${PRODUCT}/reviews`]: () =>
        listed(
          [review('r2', 5, 'Sturdy and light.', { reply: 'Thank you!' }), review('r1', 3, 'Scratched a little.')],
          4,
        ) as [number, unknown],
    });
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    const section = await screen.findByRole('region', { name: 'Ratings and reviews' });
    expect(await within(section).findByText('Rated 4.0 out of 5 from 2 reviews')).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Title r2', 'Title r1']);
    expect(within(items[0] as HTMLElement).getByText('Thank you!')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText(/Verified buyer/)).toBeVisible();
    expect(calls[0]?.url.searchParams.get('sort')).toBe('newest');
    expect(within(section).getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('says so when none is approved yet', async () => {
    fakeApi({ [`GET /products/${PRODUCT}/reviews`]: () => listed([], 0) as [number, unknown] });
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    expect(await screen.findByText('No reviews yet.')).toBeVisible();
  });
});

describe('writing a review', () => {
  beforeEach(() => setAuthToken('token-1', true));

  const api = (answer: (body: unknown) => [number, unknown]) =>
    fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
      [`GET /products/${PRODUCT}/reviews`]: () => listed([], 0) as [number, unknown],
      [`POST /products/${PRODUCT}/reviews`]: answer,
    });

  it('asks for the stars and the words before sending, then sends them and says it waits for approval', async () => {
    const calls = api(() => [201, { ...review('r9', 4, 'Good value.'), status: 'pending' }]);
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    const send = await screen.findByRole('button', { name: 'Send review' });
    await userEvent.click(send);
    expect(screen.getByText('Choose from 1 to 5 stars.')).toBeVisible();
    expect(screen.getByText('Say what you thought of the product.')).toBeVisible();
    expect(calls.some((call) => call.route.startsWith('POST'))).toBe(false);

    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.type(screen.getByLabelText('Title'), 'Worth it');
    await userEvent.type(screen.getByLabelText(/Your review/), 'Good value.');
    await userEvent.click(send);
    expect(await screen.findByText(/your review is shown once the store has approved it/)).toBeVisible();
    expect(calls.find((call) => call.route.startsWith('POST'))?.body).toEqual({
      rating: 4,
      title: 'Worth it',
      text: 'Good value.',
    });
  });

  it('shows the server’s refusal to a shopper who did not receive the product', async () => {
    api(() => [403, { error: 'Only a shopper with a delivered order of this product may review it.' }]);
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    await userEvent.click(await screen.findByLabelText('5 stars'));
    await userEvent.type(screen.getByLabelText(/Your review/), 'Nice');
    await userEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('delivered order of this product');
  });
});

describe('helpful votes', () => {
  it('shows Helpful (N); a signed-in shopper’s vote counts once and the button says so', async () => {
    setAuthToken('token-1', true);
    const calls = fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
      [`GET /products/${PRODUCT}/reviews`]: () =>
        listed([review('r1', 4, 'Good hub.', { helpfulCount: 2 })], 4) as [number, unknown],
      'POST /reviews/r1/helpful': () => [200, { helpfulCount: 3 }],
    });
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (2)' }));
    const voted = await screen.findByRole('button', { name: 'Helpful (3)' });
    expect(voted).toBeDisabled();
    expect(screen.getByText('Thank you for your vote.')).toBeVisible();
    expect(calls.filter((call) => call.route === 'POST /reviews/r1/helpful')).toHaveLength(1);
  });

  it('tells a guest to sign in, and shows the server’s reason for a vote refused', async () => {
    clearAuthToken();
    fakeApi({
      [`GET /products/${PRODUCT}/reviews`]: () => listed([review('r1', 4, 'Good hub.')], 4) as [number, unknown],
    });
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (0)' }));
    expect(await screen.findByText('Sign in to say a review helped you.')).toBeVisible();
  });

  it('shows the server’s reason when the vote is refused (one’s own review)', async () => {
    setAuthToken('token-1', true);
    fakeApi({
      'GET /accountInfo': () => [200, { email: 'asha@example.in', firstName: 'Asha', lastName: 'Rao' }],
      [`GET /products/${PRODUCT}/reviews`]: () => listed([review('r1', 4, 'Mine.')], 4) as [number, unknown],
      'POST /reviews/r1/helpful': () => [403, { error: 'You cannot vote for your own review.' }],
    });
    renderPage(<ProductReviews productId={PRODUCT} />, { path: '/product/x' });
    await userEvent.click(await screen.findByRole('button', { name: 'Helpful (0)' }));
    expect(await screen.findByText('You cannot vote for your own review.')).toBeVisible();
  });
});
