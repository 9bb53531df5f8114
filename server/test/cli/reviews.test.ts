import { Order, OrderStatus, ReviewListResponse, SubmittedReview } from '@netkart/contract';
import { describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, validAddress } from '../harness.js';
import { useCliShop } from './cli-harness.js';

const cli = useCliShop();
const store = (...argv: string[]) => cli.store(...argv);

/** A shopper's delivered order of a product, and their review of it. */
async function reviewed(rating: number, text: string) {
  const http = client(cli.shop.app);
  const shopper = await signUp(cli.shop.app);
  const [product] = await orderableProducts(cli.shop.app, 20);
  if (!product) throw new Error('no product in stock');
  const placed = await http.post(
    '/orders',
    { lines: [{ productId: product.id, quantity: 1 }], shippingAddress: validAddress },
    shopper.token,
  );
  const order = Order.parse(placed.json());
  await cli.shop.services.payments.recordManualPayment(cli.shop.storeId, order.id, {
    provider: 'upi',
    reference: String(500000000000 + Math.floor(Math.random() * 1e9)),
  });
  for (const to of [OrderStatus.Shipped, OrderStatus.Delivered]) {
    await cli.shop.services.orders.move(cli.shop.storeId, order.id, to, { by: { actor: 'merchant' } });
  }
  const written = await http.post(`/products/${product.id}/reviews`, { rating, title: 'Mine', text }, shopper.token);
  expect(written.statusCode, written.body).toBe(201);
  const shown = async () => ReviewListResponse.parse((await http.get(`/products/${product.id}/reviews`)).json());
  return { product, review: SubmittedReview.parse(written.json()), shown };
}

describe('store reviews', () => {
  it('lists pending reviews, approves one (then shown and counted) and rejects one with a reason (logged)', async () => {
    expect((await store('reviews', 'list')).stdout).toBe('No reviews yet.\n');
    const { product, review, shown } = await reviewed(4, 'Good value for the price.');

    const listed = await store('reviews', 'list', '--status', 'pending');
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^REVIEW\s+WRITTEN \(IST\)\s+PRODUCT\s+BY\s+STARS\s+STATUS\s+TITLE\s+TEXT$/);
    expect(lines[2]).toMatch(new RegExp(`^${review.id}\\s+.*Asha R\\.\\s+★★★★☆\\s+pending\\s+Mine\\s+Good value`));
    expect((await shown()).data).toEqual([]);

    const approved = await store('reviews', 'approve', review.id);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(`Review ${review.id} of ${product.title}`);
    expect(approved.stdout).toContain('is approved');
    expect((await shown()).rating).toEqual({ average: 4, count: 1 });

    const noReason = await store('reviews', 'reject', review.id);
    expect(noReason.code).not.toBe(0);
    expect(noReason.stderr).toContain('--reason');
    const rejected = await store('reviews', 'reject', review.id, '--reason', 'Names a competitor');
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain('is rejected (Names a competitor)');
    expect(await shown()).toMatchObject({ data: [], rating: { average: 0, count: 0 } });

    const logged = await cli.shop.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'after_json'])
      .where('subject', '=', `review:${review.id}`)
      .orderBy('created_at')
      .execute();
    expect(logged.map((entry) => [entry.action, entry.actor])).toEqual([
      ['review.approve', 'store command'],
      ['review.reject', 'store command'],
    ]);
    expect(logged[1]?.after_json).toContain('Names a competitor');
  });

  it('an unknown review or status says so', async () => {
    const unknown = await store('reviews', 'approve', 'NOSUCHREVIEW');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No review has that id.');
    const status = await store('reviews', 'list', '--status', 'maybe');
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('--status is one of pending, approved, rejected');
  });
});
