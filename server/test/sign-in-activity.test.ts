import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from './admin-harness.js';
import { client, signUp, startShop, type TestShop } from './harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const entriesOf = async (actor: string) => {
  const { rows } = await shop.services.audit.list(shop.storeId, { offset: 0, limit: 500 });
  return rows
    .filter((row) => row.actor === actor)
    .map((row) => ({ action: row.action, subject: row.subject }))
    .reverse();
};

const signIn = (path: string, body: object, address: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    remoteAddress: address,
    headers: { host: 'localhost:8044' },
    payload: body,
  });

describe('the activity log of sign-ins', () => {
  it("records a shopper's sign-ins and failed sign-ins with the address", async () => {
    const { email, password } = await signUp(shop.app);
    expect((await signIn('/users/authorize', { email, password: 'wrong one' }, '192.0.2.31')).statusCode).toBe(401);
    expect((await signIn('/users/authorize', { email, password }, '192.0.2.32')).statusCode).toBe(200);
    expect(await entriesOf(email)).toEqual([
      // signUp's own sign-in, from the test's default address.
      { action: 'account.sign-in', subject: expect.stringMatching(/^address:/) },
      { action: 'account.sign-in-failed', subject: 'address:192.0.2.31' },
      { action: 'account.sign-in', subject: 'address:192.0.2.32' },
    ]);
  });

  it('records a failed sign-in of an unknown email, and answers it like any wrong password', async () => {
    const known = await signUp(shop.app);
    const unknown = await signIn(
      '/users/authorize',
      { email: 'nobody.here@example.in', password: 'guess' },
      '192.0.2.33',
    );
    const wrong = await signIn('/users/authorize', { email: known.email, password: 'guess' }, '192.0.2.33');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(await entriesOf('nobody.here@example.in')).toEqual([
      { action: 'account.sign-in-failed', subject: 'address:192.0.2.33' },
    ]);
  });

  it("records back-office sign-ins and failed sign-ins, and the owner's activity page shows them", async () => {
    const { email, password } = await addStaff(shop, { role: 'owner' });
    expect((await signIn('/admin/session', { email, password: 'not the password' }, '192.0.2.34')).statusCode).toBe(
      401,
    );
    const signedIn = await signIn('/admin/session', { email, password }, '192.0.2.35');
    expect(signedIn.statusCode).toBe(200);
    expect(await entriesOf(email)).toEqual([
      { action: 'staff.sign-in-failed', subject: 'address:192.0.2.34' },
      { action: 'staff.sign-in', subject: 'address:192.0.2.35' },
    ]);
    const cookie = signedIn.cookies.map((each) => `${each.name}=${each.value}`).join('; ');
    const page = await client(shop.app).raw({
      method: 'GET',
      url: '/api/v1/admin/activity',
      headers: { host: 'localhost:8044', cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('staff.sign-in-failed');
  });
});
