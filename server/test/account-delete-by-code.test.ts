import { ACCOUNT_DELETED, DELETE_CODE_SENT, NO_PHONE_FOR_CODE, SIGN_IN_CODE_WRONG } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop } from './harness.js';

// A phone account has no password: it deletes itself with a code sent to its own phone instead,
// through the sign-in codes' machinery (hashed, once, 10 minutes, 5 tries, the same limits).

let shop: TestShop;
let http: ReturnType<typeof client>;
beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
});
afterAll(() => shop.close());

let next = 0;
const newPhone = () => {
  next += 1;
  return `+917${String(Date.now() % 1_000_000).padStart(6, '0')}${String(next).padStart(3, '0')}`;
};

async function newestCodeTo(phone: string): Promise<string> {
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  const code = rows
    .find((row) => row.recipient === phone && row.kind === 'sms.sign-in-code')
    ?.text.match(/^(\d{6}) /)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function phoneAccount(phone = newPhone()) {
  await http.post('/users/otp', { phone });
  const verified = await http.post('/users/otp/verify', { phone, code: await newestCodeTo(phone) });
  expect(verified.statusCode, verified.body).toBe(200);
  return { phone, token: (verified.json() as { token: string }).token };
}

describe('deleting a phone account with a code', () => {
  it('sends a code to its phone; a wrong one deletes nothing, the right one deletes it and signs it out', async () => {
    const { phone, token } = await phoneAccount();
    const asked = await http.post('/account/delete-code', {}, token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: DELETE_CODE_SENT, expiresInMinutes: 10 });
    const code = await newestCodeTo(phone);

    const wrong = await http.delete('/account', { code: wrongCodeOf(code) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: SIGN_IN_CODE_WRONG, field: 'code' });
    expect((await http.get('/accountInfo', token)).statusCode).toBe(200);

    const deleted = await http.delete('/account', { code: code.replace(/(\d{3})/, '$1 ') }, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: ACCOUNT_DELETED });
    expect((await http.get('/accountInfo', token)).statusCode).toBe(401);
    const row = await shop.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
    expect(row).toBeUndefined();

    // The number is free: signing in with it makes a new, empty account.
    const again = await phoneAccount(phone);
    expect((await http.get('/accountInfo', again.token)).json()).toMatchObject({ phone, email: null });
  });

  it("a sign-in code of the same number does not delete: only the account's deletion code does", async () => {
    const { phone, token } = await phoneAccount();
    await http.post('/account/delete-code', {}, token);
    const deletionCode = await newestCodeTo(phone);
    await http.post('/users/otp', { phone });
    const signInCode = await newestCodeTo(phone);
    if (signInCode !== deletionCode) {
      expect((await http.delete('/account', { code: signInCode }, token)).statusCode).toBe(400);
    }
    expect((await http.delete('/account', { code: deletionCode }, token)).statusCode).toBe(200);
  });

  it('a code takes 5 wrong tries, then even the right one deletes nothing', async () => {
    const { phone, token } = await phoneAccount();
    await http.post('/account/delete-code', {}, token);
    const code = await newestCodeTo(phone);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await http.delete('/account', { code: wrongCodeOf(code) }, token)).statusCode);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    const late = await http.delete('/account', { code }, token);
    expect([400, 429]).toContain(late.statusCode);
    expect((await http.get('/accountInfo', token)).statusCode).toBe(200);
  });

  it('is refused, naming the field, to an account without a phone, and without a sign-in', async () => {
    const shopper = await signUp(shop.app);
    const noPhone = await http.post('/account/delete-code', {}, shopper.token);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toEqual({ error: NO_PHONE_FOR_CODE, field: 'code' });
    const byCode = await http.delete('/account', { code: '123456' }, shopper.token);
    expect(byCode.statusCode).toBe(400);
    expect(byCode.json().field).toBe('code');
    expect((await http.post('/account/delete-code', {})).statusCode).toBe(401);

    const { token } = await phoneAccount();
    for (const body of [{ code: '12' }, { code: 'abcdef' }, { code: 123456 }]) {
      const bad = await http.delete('/account', body, token);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().field).toBe('code');
    }
    const empty = await http.delete('/account', {}, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().field).toBe('password');
  });
});
