import { HelpfulVote, Order, OrderStatus, type Product, ReviewListResponse, SubmittedReview } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

// Helpful votes on reviews (one per shopper, not on one's own, most helpful first), and the one
// email after delivery asking a shopper who agreed to it for a review.

let shop: TestShop;
let http: ReturnType<typeof client>;
let products: Product[];
let utr = 500000000000;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  products = await orderableProducts(shop.app, 40);
  if (products.length < 3) throw new Error('the demo store has too few products in stock');
});
afterAll(async () => {
  await shop?.close();
});

const productAt = (index: number): Product => {
  const product = products[index];
  if (!product) throw new Error(`no product ${index}`);
  return product;
};

/** A paid order of these products for the shopper, shipped and delivered. */
async function delivered(token: string, productIds: string[]) {
  const placed = await http.post(
    '/orders',
    { lines: productIds.map((productId) => ({ productId, quantity: 1 })), shippingAddress: validAddress },
    token,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  for (const status of [OrderStatus.Shipped, OrderStatus.Delivered])
    await shop.services.orders.move(shop.storeId, order.id, status, { by: { actor: 'merchant' } });
  return order;
}

/** An approved review of the product by a new buyer. */
async function approvedReview(productId: string, text: string) {
  const author = await signUp(shop.app);
  await delivered(author.token, [productId]);
  const written = await http.post(`/products/${productId}/reviews`, { rating: 4, text }, author.token);
  expect(written.statusCode, written.body).toBe(201);
  const review = SubmittedReview.parse(written.json());
  await shop.services.reviews.approve(shop.storeId, review.id, { actor: 'store command' });
  return { author, review };
}

const vote = (reviewId: string, token?: string) => http.post(`/reviews/${reviewId}/helpful`, undefined, token);

describe('helpful votes', () => {
  it('one per signed-in shopper, never on one’s own, counted on the review', async () => {
    const product = productAt(0);
    const { author, review } = await approvedReview(product.id, 'Solid hub, runs cool.');

    expect((await vote(review.id)).statusCode).toBe(401);
    const own = await vote(review.id, author.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatch(/your own review/);

    const reader = await signUp(shop.app);
    const first = await vote(review.id, reader.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(HelpfulVote.parse(first.json())).toEqual({ helpfulCount: 1 });
    const again = await vote(review.id, reader.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/one vote per shopper/);

    const other = await signUp(shop.app);
    expect((await vote(review.id, other.token)).json()).toEqual({ helpfulCount: 2 });
    const listed = ReviewListResponse.parse((await http.get(`/products/${product.id}/reviews`)).json());
    expect(listed.data.find((shown) => shown.id === review.id)?.helpfulCount).toBe(2);
  });

  it('votes at once from the same shopper count once', async () => {
    const { review } = await approvedReview(productAt(1).id, 'Cable is long enough.');
    const reader = await signUp(shop.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => vote(review.id, reader.token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const row = await shop.db
      .selectFrom('reviews')
      .select('helpful_count')
      .where('id', '=', review.id)
      .executeTakeFirst();
    expect(Number(row?.helpful_count)).toBe(1);
  });

  it('an unknown or not yet approved review: 404', async () => {
    const reader = await signUp(shop.app);
    expect((await vote('NOSUCHREVIEW', reader.token)).statusCode).toBe(404);
    const author = await signUp(shop.app);
    await delivered(author.token, [productAt(2).id]);
    const pending = SubmittedReview.parse(
      (await http.post(`/products/${productAt(2).id}/reviews`, { rating: 3, text: 'Fine' }, author.token)).json(),
    );
    expect((await vote(pending.id, reader.token)).statusCode).toBe(404);
  });

  it('most helpful first, then newest', async () => {
    const product = productAt(2);
    const { review: older } = await approvedReview(product.id, 'Older but helpful.');
    const { review: newer } = await approvedReview(product.id, 'Newer, no votes.');
    await vote(older.id, (await signUp(shop.app)).token);
    const newest = ReviewListResponse.parse((await http.get(`/products/${product.id}/reviews?sort=newest`)).json());
    expect(newest.data[0]?.id).toBe(newer.id);
    const helpful = ReviewListResponse.parse((await http.get(`/products/${product.id}/reviews?sort=helpful`)).json());
    expect(helpful.data[0]?.id).toBe(older.id);
    expect((await http.get(`/products/${product.id}/reviews?sort=best`)).statusCode).toBe(400);
  });
});

describe('the review request after delivery', () => {
  const requests = (email: string) =>
    shop.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'review.request')
      .where('recipient', '=', email)
      .execute();

  it('one email per delivered order, linking to each product’s review form, for a shopper who agreed', async () => {
    const shopper = await signUp(shop.app);
    const agreed = await http.put('/users/reminders', { reviewRequests: true }, shopper.token);
    expect(agreed.json()).toEqual({ cartReminders: false, reviewRequests: true });
    const order = await delivered(shopper.token, [productAt(0).id, productAt(1).id]);
    const [request, ...more] = await requests(shopper.email);
    expect(more).toHaveLength(0);
    expect(request?.subject).toBe(`How is your order ${order.id}?`);
    expect(request?.text).toContain(`Review ${productAt(0).title}`);
    expect(request?.text).toMatch(/\/product\/[^\s]+#write-review/);
    // Delivered again (moved by hand after a mistake) does not ask twice.
    await shop.db.updateTable('orders').set({ status: OrderStatus.Shipped }).where('id', '=', order.id).execute();
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered, { by: { actor: 'merchant' } });
    expect(await requests(shopper.email)).toHaveLength(1);
  });

  it('none for a shopper who did not agree', async () => {
    const shopper = await signUp(shop.app);
    await delivered(shopper.token, [productAt(0).id]);
    expect(await requests(shopper.email)).toHaveLength(0);
  });
});
