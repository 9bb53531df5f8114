import {
  AdminReview,
  AdminReviewListResponse,
  Order,
  OrderStatus,
  Product,
  ProductListResponse,
  ReviewListResponse,
  SubmittedReview,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let catalogue: ReturnType<typeof adminClient>;
let reader: ReturnType<typeof adminClient>;
let products: Product[];
let utr = 400000000000;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  products = await orderableProducts(shop.app, 40);
  if (products.length < 4) throw new Error('the demo store has too few products in stock');
  const member = await addStaff(shop, { role: 'catalogue' });
  catalogue = adminClient(shop.app);
  expect((await catalogue.signIn(member.email, member.password)).statusCode).toBe(200);
  const looker = await addStaff(shop, { role: 'read-only' });
  reader = adminClient(shop.app);
  expect((await reader.signIn(looker.email, looker.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

const productAt = (index: number): Product => {
  const product = products[index];
  if (!product) throw new Error(`no product ${index}`);
  return product;
};

/** A paid order of one product for the shopper, moved to `to` (Delivered unless told). */
async function ordered(token: string, productId: string, to: OrderStatus = OrderStatus.Delivered) {
  const placed = await http.post(
    '/orders',
    { lines: [{ productId, quantity: 1 }], shippingAddress: validAddress },
    token,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  const moves =
    to === OrderStatus.Delivered
      ? [OrderStatus.Shipped, OrderStatus.Delivered]
      : to === OrderStatus.Shipped
        ? [OrderStatus.Shipped]
        : [];
  for (const status of moves)
    await shop.services.orders.move(shop.storeId, order.id, status, { by: { actor: 'merchant' } });
  return order;
}

/** A signed-in shopper who received the product. */
async function buyerOf(productId: string) {
  const shopper = await signUp(shop.app);
  await ordered(shopper.token, productId);
  return shopper;
}

const write = (productId: string, body: unknown, token?: string) =>
  http.post(`/products/${productId}/reviews`, body, token);

async function written(productId: string, token: string, body: { rating: number; title?: string; text: string }) {
  const response = await write(productId, body, token);
  expect(response.statusCode, response.body).toBe(201);
  return SubmittedReview.parse(response.json());
}

const shown = async (productId: string, query = '') => {
  const response = await http.get(`/products/${productId}/reviews${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ReviewListResponse.parse(response.json());
};

const ratingOnPage = async (productId: string) =>
  Product.parse((await http.get(`/products/${productId}`)).json()).rating;

describe('who may write a review', () => {
  it('nobody signed in: 401', async () => {
    const response = await write(productAt(0).id, { rating: 5, text: 'Great' });
    expect(response.statusCode).toBe(401);
  });

  it('a shopper who never bought it, or whose order is not yet delivered: 403 saying why', async () => {
    const product = productAt(0);
    const stranger = await signUp(shop.app);
    const never = await write(product.id, { rating: 5, text: 'Looks nice' }, stranger.token);
    expect(never.statusCode).toBe(403);
    expect(never.json().error).toMatch(/delivered order of this product/);

    await ordered(stranger.token, product.id, OrderStatus.Shipped);
    expect((await write(product.id, { rating: 5, text: 'On its way' }, stranger.token)).statusCode).toBe(403);
    // A delivered order of another product does not count either.
    await ordered(stranger.token, productAt(1).id);
    expect((await write(product.id, { rating: 5, text: 'Other one' }, stranger.token)).statusCode).toBe(403);
  });

  it('an unknown product: 404', async () => {
    const shopper = await signUp(shop.app);
    expect((await write('NOSUCHPRODUCT', { rating: 4, text: 'Hm' }, shopper.token)).statusCode).toBe(404);
  });

  it('a rating outside 1–5, a fraction, or empty text: 400 naming the field, and nothing stored', async () => {
    const product = productAt(0);
    const buyer = await buyerOf(product.id);
    for (const [body, field] of [
      [{ rating: 6, text: 'Too good' }, 'rating'],
      [{ rating: 0, text: 'Bad' }, 'rating'],
      [{ rating: 4.5, text: 'Half' }, 'rating'],
      [{ rating: '5', text: 'Text stars' }, 'rating'],
      [{ text: 'No stars' }, 'rating'],
      [{ rating: 4, text: '   ' }, 'text'],
      [{ rating: 4 }, 'text'],
      [{ rating: 4, text: 'Long title', title: 'x'.repeat(200) }, 'title'],
    ] as const) {
      const response = await write(product.id, body, buyer.token);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toContain(field);
    }
    const user = await shop.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', buyer.email)
      .executeTakeFirstOrThrow();
    const stored = await shop.db.selectFrom('reviews').select('id').where('user_id', '=', user.id).execute();
    expect(stored).toEqual([]);
  });

  it('a buyer writes one, pending; a second for the same product is 409, even two at once', async () => {
    const product = productAt(2);
    const buyer = await buyerOf(product.id);
    const first = await written(product.id, buyer.token, { rating: 4, title: 'Solid', text: 'Works as described.' });
    expect(first).toMatchObject({ status: 'pending', rating: 4, title: 'Solid', verifiedPurchase: true, reply: null });
    const again = await write(product.id, { rating: 1, text: 'Changed my mind' }, buyer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already reviewed/);

    const other = await buyerOf(product.id);
    const both = await Promise.all([
      write(product.id, { rating: 5, text: 'One' }, other.token),
      write(product.id, { rating: 5, text: 'Two' }, other.token),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('moderation and what shoppers see', () => {
  it('nothing is shown before approval; approved ones are, counted in the rating on the page and the cards', async () => {
    const product = productAt(3);
    expect(await ratingOnPage(product.id)).toEqual({ average: 0, count: 0 });
    const asha = await buyerOf(product.id);
    const ravi = await buyerOf(product.id);
    const meera = await buyerOf(product.id);
    const good = await written(product.id, asha.token, { rating: 5, title: 'Love it', text: 'Fast and sturdy.' });
    const fair = await written(product.id, ravi.token, { rating: 2, text: 'Scratched on arrival.' });
    const spam = await written(product.id, meera.token, { rating: 5, text: 'Visit my site' });

    expect((await shown(product.id)).data).toEqual([]);
    expect(await ratingOnPage(product.id)).toEqual({ average: 0, count: 0 });

    const approved = await catalogue.post(`/admin/reviews/${good.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(AdminReview.parse(approved.json()).status).toBe('approved');
    expect((await catalogue.post(`/admin/reviews/${fair.id}/approve`, {})).statusCode).toBe(200);
    // Approving twice counts once.
    expect((await catalogue.post(`/admin/reviews/${fair.id}/approve`, {})).statusCode).toBe(200);

    const noReason = await catalogue.post(`/admin/reviews/${spam.id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toContain('reason');
    const rejected = await catalogue.post(`/admin/reviews/${spam.id}/reject`, { reason: 'Advertising' });
    expect(AdminReview.parse(rejected.json())).toMatchObject({ status: 'rejected', rejectReason: 'Advertising' });

    const list = await shown(product.id);
    expect(list.data.map((review) => review.id)).toEqual([fair.id, good.id]);
    expect(list.rating).toEqual({ average: 3.5, count: 2 });
    expect(list.data[1]).toMatchObject({ title: 'Love it', text: 'Fast and sturdy.', rating: 5 });
    expect(await ratingOnPage(product.id)).toEqual({ average: 3.5, count: 2 });
    const cards = ProductListResponse.parse((await http.get(`/products?limit=100`)).json());
    expect(cards.data.find((card) => card.id === product.id)?.rating).toEqual({ average: 3.5, count: 2 });

    // Rejecting an approved one takes it out of the list and the rating.
    await catalogue.post(`/admin/reviews/${fair.id}/reject`, { reason: 'Mentions another shop' });
    expect((await shown(product.id)).data.map((review) => review.id)).toEqual([good.id]);
    expect(await ratingOnPage(product.id)).toEqual({ average: 5, count: 1 });

    // Each move is logged with who made it and, for a rejection, why.
    const logged = await shop.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'after_json'])
      .where('subject', '=', `review:${fair.id}`)
      .orderBy('created_at')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual(['review.approve', 'review.reject']);
    expect(logged[0]?.actor).toMatch(/^staff:/);
    expect(JSON.parse(logged[1]?.after_json ?? '{}')).toMatchObject({
      status: 'rejected',
      reason: 'Mentions another shop',
    });
  });

  it('a reply is shown beneath the review, whose own words never change', async () => {
    const product = productAt(1);
    const buyer = await buyerOf(product.id);
    const review = await written(product.id, buyer.token, { rating: 3, title: 'OK', text: 'Average build.' });
    await catalogue.post(`/admin/reviews/${review.id}/approve`, {});
    const replied = await catalogue.post(`/admin/reviews/${review.id}/reply`, { reply: 'Thank you, Asha.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const [shownReview] = (await shown(product.id)).data.filter((each) => each.id === review.id);
    expect(shownReview).toMatchObject({ text: 'Average build.', title: 'OK', reply: 'Thank you, Asha.' });
    expect((await catalogue.post(`/admin/reviews/${review.id}/reply`, { reply: ' ' })).statusCode).toBe(400);
  });

  it('pages newest first, and sorts by helpful; a bad sort or page is 400', async () => {
    const product = productAt(0);
    const list = await shown(product.id, '?sort=helpful&page=1');
    expect(list.pagination).toMatchObject({ page: 1, limit: 10 });
    const bad = await http.get(`/products/${product.id}/reviews?sort=best`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('sort');
    expect((await http.get(`/products/${product.id}/reviews?page=0`)).statusCode).toBe(400);
    expect((await http.get('/products/NOSUCHPRODUCT/reviews')).statusCode).toBe(404);
  });

  it('the back office lists reviews by status; read-only staff read them but cannot moderate', async () => {
    const all = AdminReviewListResponse.parse((await reader.get('/admin/reviews')).json());
    expect(all.data.length).toBeGreaterThan(0);
    const pending = AdminReviewListResponse.parse((await catalogue.get('/admin/reviews?status=pending')).json());
    expect(pending.data.every((review) => review.status === 'pending')).toBe(true);
    expect(pending.data[0]?.productTitle).toBeTruthy();
    const target = pending.data[0];
    if (!target) throw new Error('no pending review');
    expect((await reader.post(`/admin/reviews/${target.id}/approve`, {})).statusCode).toBe(403);
    expect((await catalogue.post('/admin/reviews/NOSUCHREVIEW/approve', {})).statusCode).toBe(404);
    expect((await catalogue.get('/admin/reviews?status=maybe')).statusCode).toBe(400);
  });

  it("an erased account's approved review stays, signed 'A buyer' instead of the name", async () => {
    const product = productAt(1);
    const buyer = await buyerOf(product.id);
    const review = await written(product.id, buyer.token, { rating: 4, text: 'Still good a month on.' });
    expect(review.author).toBe('Asha R.');
    await catalogue.post(`/admin/reviews/${review.id}/approve`, {});
    const erased = await http.delete('/account', { password: buyer.password }, buyer.token);
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const [kept] = (await shown(product.id)).data.filter((each) => each.id === review.id);
    expect(kept).toMatchObject({ author: 'A buyer', text: 'Still good a month on.' });
  });
});
