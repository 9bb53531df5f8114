import { ACCOUNT_DELETED, AccountExport, Order, OrderStatus } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stillOpen, WRONG_PASSWORD } from '../src/modules/privacy/service.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let productId: string;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  const [product] = await orderableProducts(shop.app);
  productId = product?.id ?? '';
});
afterAll(() => shop.close());

async function placeOrder(token: string, address = validAddress) {
  const placed = await http.post('/orders', { products: { [productId]: 1 }, shippingAddress: address }, token);
  expect(placed.statusCode).toBe(201);
  return Order.parse(placed.json());
}

describe('a shopper’s copy of their data', () => {
  it('holds the account, every address ordered to once, the orders and the newsletter consent', async () => {
    const shopper = await signUp(shop.app);
    const first = await placeOrder(shopper.token);
    await placeOrder(shopper.token);
    const elsewhere = {
      ...validAddress,
      address: '4, MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
    };
    await placeOrder(shopper.token, elsewhere);
    await http.post('/newsletter', { email: shopper.email, consentText: 'Offers by email; unsubscribe any time.' });

    const answer = await http.post('/account/export', {}, shopper.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="my-data-localhost.json"');
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const data = AccountExport.parse(answer.json());
    expect(data.account).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email: shopper.email });
    expect(data.orders).toHaveLength(3);
    expect(data.orders.map((order) => order.id)).toContain(first.id);
    expect(data.addresses).toHaveLength(2);
    expect(data.addresses.map((address) => address.city).sort()).toEqual(['Bengaluru', 'Pune']);
    expect(data.newsletter).toMatchObject({ subscribed: true, consentText: 'Offers by email; unsubscribe any time.' });
  });

  it('is each shopper’s own, and nobody’s without signing in', async () => {
    const one = await signUp(shop.app);
    const other = await signUp(shop.app);
    await placeOrder(one.token);
    const theirs = AccountExport.parse((await http.post('/account/export', {}, other.token)).json());
    expect(theirs.account.email).toBe(other.email);
    expect(theirs.orders).toEqual([]);
    expect(theirs.newsletter).toBeNull();
    expect((await http.post('/account/export', {})).statusCode).toBe(401);
  });
});

describe('the activity log', () => {
  it('records each copy of a shopper’s data handed out, by account id', async () => {
    const shopper = await signUp(shop.app);
    const { id } = (await http.get('/accountInfo', shopper.token)).json() as { id: string };
    expect((await http.post('/account/export', {}, shopper.token)).statusCode).toBe(200);
    const entries = await shop.db
      .selectFrom('audit_log')
      .select(['store_id', 'actor', 'action', 'subject'])
      .where('subject', '=', `account:${id}`)
      .execute();
    expect(entries).toEqual([
      { store_id: shop.storeId, actor: `shopper:${id}`, action: 'account.export', subject: `account:${id}` },
    ]);
  });
});

describe('deleting an account', () => {
  it('asks for the password, waits for open orders, then erases the person and keeps the accounts', async () => {
    const shopper = await signUp(shop.app);
    const order = await placeOrder(shopper.token);

    const wrong = await http.delete('/account', { password: 'not my password' }, shopper.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_PASSWORD, field: 'password' });
    expect((await http.get('/accountInfo', shopper.token)).statusCode).toBe(200);

    const open = await http.delete('/account', { password: shopper.password }, shopper.token);
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe(stillOpen([order.id]));

    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { cancelReason: 'Changed my mind' });
    const otherDevice = (
      await http.post('/users/authorize', { email: shopper.email, password: shopper.password })
    ).json().token as string;
    const deleted = await http.delete('/account', { password: shopper.password }, shopper.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ACCOUNT_DELETED });

    // Signed out everywhere; the old password opens nothing.
    expect((await http.get('/accountInfo', shopper.token)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', otherDevice)).statusCode).toBe(401);
    const signIn = await http.post('/users/authorize', { email: shopper.email, password: shopper.password });
    expect(signIn.statusCode).toBe(401);

    // The order keeps its amounts, items and state; the person is gone from it and from the outbox.
    const row = await shop.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: '', full_name: '', address: '', city: '', phone: '', postal_code: '' });
    expect(row.state).toBe('Karnataka');
    expect(Number(row.total)).toBeGreaterThan(0);
    const mail = await shop.db.selectFrom('outbox').select('id').where('recipient', '=', shopper.email).execute();
    expect(mail).toEqual([]);
    const user = await shop.db.selectFrom('users').selectAll().where('email', '=', shopper.email).execute();
    expect(user).toEqual([]);
    // The activity log has the erasure, by account id, and nothing personal.
    const erased = await shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.erase')
      .where('store_id', '=', shop.storeId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(erased.actor).toMatch(/^shopper:/);
    expect(erased.subject).toBe(`account:${erased.actor.slice('shopper:'.length)}`);
    expect(JSON.stringify(erased)).not.toContain(shopper.email);

    // The email is free to register again, as a new account with nothing of the old one.
    const again = await signUp(shop.app, { email: shopper.email });
    const fresh = AccountExport.parse((await http.post('/account/export', {}, again.token)).json());
    expect(fresh.orders).toEqual([]);
  });

  it('needs a signed-in shopper and a password', async () => {
    expect((await http.delete('/account', { password: 'x' })).statusCode).toBe(401);
    const shopper = await signUp(shop.app);
    const empty = await http.delete('/account', {}, shopper.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Password is required.');
  });
});
