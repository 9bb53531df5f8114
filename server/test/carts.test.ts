import {
  AccountExport,
  CART_REMINDER_CONSENT_TEXT,
  type Product,
  ReminderConsents,
  RestoredCart,
  SavedCart,
  SavedWishlist,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOBS } from '../src/housekeeping.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

// A signed-in shopper's cart and wishlist kept on the server, and the cart reminders: only for a
// shopper who ticked the box, an hour after checkout and again a day after, none after an order.
// The clock is the `now` the housekeeping job is run with.

let shop: TestShop;
let http: ReturnType<typeof client>;
let products: Product[];

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  products = await orderableProducts(shop.app, 20);
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

const HOUR = 60 * 60_000;

const reminders = (email: string) =>
  shop.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', 'cart.reminder')
    .where('recipient', '=', email)
    .orderBy('created_at')
    .execute();

const whatsAppReminders = () =>
  shop.db.selectFrom('outbox').selectAll().where('kind', '=', 'whatsapp.cart.reminder').execute();

/** A shopper who reached checkout with one product, having agreed to reminders (unless told not to). */
async function atCheckout(options: { consent?: boolean } = {}) {
  const shopper = await signUp(shop.app);
  if (options.consent !== false) {
    const agreed = await http.put('/users/reminders', { cartReminders: true }, shopper.token);
    expect(agreed.statusCode, agreed.body).toBe(200);
  }
  const put = await http.put(
    '/cart',
    { lines: [{ productId: productAt(0).id, quantity: 2 }], checkout: true },
    shopper.token,
  );
  expect(put.statusCode, put.body).toBe(200);
  return shopper;
}

const runReminders = (now: number) => shop.services.carts.sendDueReminders(now);

describe('the kept cart and wishlist', () => {
  it('nobody signed in: 401', async () => {
    expect((await http.get('/cart')).statusCode).toBe(401);
    expect((await http.put('/cart', { lines: [] })).statusCode).toBe(401);
    expect((await http.get('/wishlist')).statusCode).toBe(401);
  });

  it('starts empty, keeps what was put (size, colour, variant SKU), and is the shopper’s own', async () => {
    const asha = await signUp(shop.app);
    const empty = SavedCart.parse((await http.get('/cart', asha.token)).json());
    expect(empty).toEqual({ lines: [], updatedAt: null });

    const lines = [
      { productId: productAt(0).id, quantity: 2 },
      { productId: productAt(1).id, quantity: 1, size: 'M', color: 'Black', variantSku: 'SKU-M-BLK', extra: 'dropped' },
    ];
    const put = await http.put('/cart', { lines }, asha.token);
    expect(put.statusCode, put.body).toBe(200);
    const kept = SavedCart.parse((await http.get('/cart', asha.token)).json());
    expect(kept.lines).toEqual([
      { productId: productAt(0).id, quantity: 2 },
      { productId: productAt(1).id, quantity: 1, size: 'M', color: 'Black', variantSku: 'SKU-M-BLK' },
    ]);
    expect(kept.updatedAt).not.toBeNull();

    const ravi = await signUp(shop.app);
    expect(SavedCart.parse((await http.get('/cart', ravi.token)).json()).lines).toEqual([]);

    expect(
      (await http.put('/wishlist', { productIds: [productAt(2).id, productAt(2).id] }, asha.token)).statusCode,
    ).toBe(200);
    expect(SavedWishlist.parse((await http.get('/wishlist', asha.token)).json()).productIds).toEqual([productAt(2).id]);
    // The wishlist and the cart are kept apart: writing one leaves the other.
    expect(SavedCart.parse((await http.get('/cart', asha.token)).json()).lines).toHaveLength(2);
    expect(SavedWishlist.parse((await http.get('/wishlist', ravi.token)).json()).productIds).toEqual([]);
  });

  it('refuses a bad line with a 400 naming the field, and keeps the cart as it was', async () => {
    const shopper = await signUp(shop.app);
    await http.put('/cart', { lines: [{ productId: productAt(0).id, quantity: 1 }] }, shopper.token);
    for (const [lines, field] of [
      [[{ productId: productAt(0).id, quantity: 0 }], 'quantity'],
      [[{ productId: productAt(0).id, quantity: 1.5 }], 'quantity'],
      [[{ productId: productAt(0).id, quantity: 100 }], 'quantity'],
      [[{ quantity: 1 }], 'productId'],
      [[{ productId: productAt(0).id, quantity: 1, variantSku: 'x'.repeat(61) }], 'variantSku'],
      ['not a list', 'lines'],
    ] as const) {
      const response = await http.put('/cart', { lines }, shopper.token);
      expect(response.statusCode, JSON.stringify(lines)).toBe(400);
      expect(response.json().field, JSON.stringify(lines)).toContain(field);
    }
    const tooMany = Array.from({ length: 51 }, () => ({ productId: productAt(0).id, quantity: 1 }));
    expect((await http.put('/cart', { lines: tooMany }, shopper.token)).statusCode).toBe(400);
    const badWish = await http.put('/wishlist', { productIds: [''] }, shopper.token);
    expect(badWish.statusCode).toBe(400);
    expect(SavedCart.parse((await http.get('/cart', shopper.token)).json()).lines).toEqual([
      { productId: productAt(0).id, quantity: 1 },
    ]);
  });
});

describe('an order placed', () => {
  it('takes its lines out of the kept cart (in full or in part) and leaves the rest', async () => {
    const shopper = await signUp(shop.app);
    const [first, second, third] = [productAt(0), productAt(1), productAt(2)];
    await http.put(
      '/cart',
      {
        lines: [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 3 },
          { productId: third.id, quantity: 1 },
        ],
      },
      shopper.token,
    );
    const placed = await http.post(
      '/orders',
      {
        lines: [
          { productId: first.id, quantity: 2 },
          { productId: second.id, quantity: 1 },
        ],
        shippingAddress: validAddress,
      },
      shopper.token,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(SavedCart.parse((await http.get('/cart', shopper.token)).json()).lines).toEqual([
      { productId: second.id, quantity: 2 },
      { productId: third.id, quantity: 1 },
    ]);
  });

  it('empties a kept cart it took whole, and another shopper’s kept cart is untouched', async () => {
    const buyer = await signUp(shop.app);
    const other = await signUp(shop.app);
    const line = { productId: productAt(1).id, quantity: 1 };
    await http.put('/cart', { lines: [line] }, buyer.token);
    await http.put('/cart', { lines: [line] }, other.token);
    const placed = await http.post('/orders', { lines: [line], shippingAddress: validAddress }, buyer.token);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(SavedCart.parse((await http.get('/cart', buyer.token)).json()).lines).toEqual([]);
    expect(SavedCart.parse((await http.get('/cart', other.token)).json()).lines).toEqual([line]);
  });
});

describe('the consent to reminders', () => {
  it('is off until given, kept with its words, and withdrawn as easily', async () => {
    const shopper = await signUp(shop.app);
    expect(ReminderConsents.parse((await http.get('/users/reminders', shopper.token)).json())).toEqual({
      cartReminders: false,
      reviewRequests: false,
    });
    const given = await http.put('/users/reminders', { cartReminders: true }, shopper.token);
    expect(given.json()).toEqual({ cartReminders: true, reviewRequests: false });
    const [row] = await shop.db
      .selectFrom('reminder_consents')
      .selectAll()
      .where('purpose', '=', 'cart-reminders')
      .orderBy('given_at', 'desc')
      .limit(1)
      .execute();
    expect(row?.consent_text).toBe(CART_REMINDER_CONSENT_TEXT);
    const off = await http.put('/users/reminders', { cartReminders: false }, shopper.token);
    expect(off.json()).toEqual({ cartReminders: false, reviewRequests: false });
    expect((await http.put('/users/reminders', { cartReminders: 'yes' }, shopper.token)).json().field).toBe(
      'cartReminders',
    );
  });
});

describe('cart reminders', () => {
  it('one email an hour after checkout with a link that brings the cart back, a second after a day, then none', async () => {
    const shopper = await atCheckout();
    const start = Date.now();
    await runReminders(start + 59 * 60_000);
    expect(await reminders(shopper.email)).toHaveLength(0);

    await runReminders(start + HOUR + 60_000);
    const [first] = await reminders(shopper.email);
    expect(first?.subject).toBe('Your cart is waiting for you');
    expect(first?.text).toContain(`2 × ${productAt(0).title}`);
    const token = /\/cart\?restore=([\w-]+)/.exec(first?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    // The link opens the same cart in any browser, signed in or not.
    const restored = await http.get(`/cart/restore/${token}`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(RestoredCart.parse(restored.json()).lines).toEqual([
      { productId: productAt(0).id, quantity: 2, name: productAt(0).title },
    ]);
    expect((await http.get('/cart/restore/not-a-token')).statusCode).toBe(404);

    await runReminders(start + 23 * HOUR);
    expect(await reminders(shopper.email)).toHaveLength(1);
    await runReminders(start + 24 * HOUR + 60_000);
    const both = await reminders(shopper.email);
    expect(both).toHaveLength(2);
    expect(both[1]?.text).toContain('This is the last reminder about this cart.');
    await runReminders(start + 72 * HOUR);
    expect(await reminders(shopper.email)).toHaveLength(2);
  });

  it('none for a shopper who did not agree, or who withdrew before it was due', async () => {
    const never = await atCheckout({ consent: false });
    const withdrew = await atCheckout();
    await http.put('/users/reminders', { cartReminders: false }, withdrew.token);
    await runReminders(Date.now() + 2 * HOUR);
    expect(await reminders(never.email)).toHaveLength(0);
    expect(await reminders(withdrew.email)).toHaveLength(0);
  });

  it('none once the shopper has ordered, nor for an emptied cart', async () => {
    const buyer = await atCheckout();
    const placed = await http.post(
      '/orders',
      { lines: [{ productId: productAt(0).id, quantity: 2 }], shippingAddress: validAddress },
      buyer.token,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const emptied = await atCheckout();
    await http.put('/cart', { lines: [] }, emptied.token);
    await runReminders(Date.now() + 2 * HOUR);
    await runReminders(Date.now() + 25 * HOUR);
    expect(await reminders(buyer.email)).toHaveLength(0);
    expect(await reminders(emptied.email)).toHaveLength(0);
  });

  it('goes on WhatsApp too for a shopper whose updates there are on', async () => {
    const shopper = await atCheckout();
    const on = await http.put('/users/whatsapp', { enabled: true, phone: '+91 98450 77777' }, shopper.token);
    expect(on.statusCode, on.body).toBe(200);
    const before = (await whatsAppReminders()).length;
    await runReminders(Date.now() + HOUR + 60_000);
    const after = await whatsAppReminders();
    expect(after).toHaveLength(before + 1);
    const message = after.find((row) => row.recipient === '+919845077777');
    expect(message?.text).toContain(`2 × ${productAt(0).title}`);
    expect(message?.text).toMatch(/\/cart\?restore=/);
    expect(JSON.parse(message?.payload_json ?? '{}').template).toBe('cart_reminder');
  });

  it('is written once when several server processes run the job at the same time', async () => {
    const shopper = await atCheckout();
    const job = HOUSEKEEPING_JOBS.find((candidate) => candidate.name === 'cart reminders');
    if (!job) throw new Error('no cart reminders job');
    const at = Date.now() + HOUR + 60_000;
    await Promise.all(Array.from({ length: 5 }, () => job.run(shop.services, at)));
    expect(await reminders(shopper.email)).toHaveLength(1);
  });
});

describe('the account’s copy of its data', () => {
  it('holds the kept cart, the wishlist and the consents to reminders', async () => {
    const shopper = await atCheckout();
    await http.put('/wishlist', { productIds: [productAt(1).id] }, shopper.token);
    const copy = AccountExport.parse((await http.post('/account/export', {}, shopper.token)).json());
    expect(copy.keptCart).toEqual([{ productId: productAt(0).id, quantity: 2 }]);
    expect(copy.wishlist).toEqual([productAt(1).id]);
    expect(copy.reminders).toEqual({ cartReminders: true, reviewRequests: false });
  });
});

describe('an erased account', () => {
  it('takes its kept cart and wishlist with it, and its consents are withdrawn', async () => {
    const shopper = await atCheckout();
    await http.put('/wishlist', { productIds: [productAt(1).id] }, shopper.token);
    const { id: userId } = await shop.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', shopper.email)
      .executeTakeFirstOrThrow();
    const deleted = await http.delete('/account', { password: shopper.password }, shopper.token);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await shop.db.selectFrom('saved_carts').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const standing = await shop.db
      .selectFrom('reminder_consents')
      .select('id')
      .where('user_id', '=', userId)
      .where('withdrawn_at', 'is', null)
      .execute();
    expect(standing).toEqual([]);
    await runReminders(Date.now() + 2 * HOUR);
    expect(await reminders(shopper.email)).toHaveLength(0);
  });
});
