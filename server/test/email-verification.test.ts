import {
  ACCOUNT_HAS_EMAIL,
  AccountInfo,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_SENT,
  EMAIL_NO_LONGER_FREE,
  EMAIL_VERIFIED,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp, startShop, type TestShop } from './harness.js';

// A phone account adds an email: a link to it, the same answer whether or not another account has
// it, and, once followed, the email signs in too (after a password is set through the reset).

const VERIFY_LINK = /http:\/\/localhost\/verify-email\?token=([A-Za-z0-9_-]+)/;
const RESET_LINK = /http:\/\/localhost\/reset-password\?token=([A-Za-z0-9_-]+)/;

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
  return `+918${String(Date.now() % 1_000_000).padStart(6, '0')}${String(next).padStart(3, '0')}`;
};
const newEmail = () => {
  next += 1;
  return `added${Date.now()}.${next}@example.in`;
};

async function mailsTo(email: string, kind: string) {
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  return rows.filter((row) => row.recipient === email && row.kind === kind);
}

async function linkTo(email: string, pattern = VERIFY_LINK, kind = 'account.verify-email'): Promise<string> {
  const [newest] = await mailsTo(email, kind);
  const token = pattern.exec(newest?.text ?? '')?.[1];
  if (!token) throw new Error(`no link sent to ${email}`);
  return token;
}

/** A new account made by signing in with a code sent to a new number. */
async function phoneAccount(): Promise<string> {
  const phone = newPhone();
  expect((await http.post('/users/otp', { phone })).statusCode).toBe(202);
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  const code = rows.find((row) => row.recipient === phone)?.text.match(/^(\d{6}) /)?.[1];
  const verified = await http.post('/users/otp/verify', { phone, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return (verified.json() as { token: string }).token;
}

const info = async (token: string) => AccountInfo.parse((await http.get('/accountInfo', token)).json());

describe('a phone account adding an email', () => {
  it('gets a link; following it gives the account the email, verified; a password set through the reset then signs in with it', async () => {
    const token = await phoneAccount();
    expect(await info(token)).toMatchObject({ email: null, emailVerified: false, phoneVerified: true });
    const email = newEmail();

    const asked = await http.post('/account/email', { email: `  ${email.toUpperCase()} ` }, token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: EMAIL_LINK_SENT, expiresInMinutes: 60 });
    // Not the account's email until the link is followed.
    expect((await info(token)).email).toBeNull();
    const [mail] = await mailsTo(email, 'account.verify-email');
    expect(mail?.subject).toMatch(/^Confirm your email/);

    const followed = await http.post('/account/email/verify', { token: await linkTo(email) });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ message: EMAIL_VERIFIED, email });
    expect(await info(token)).toMatchObject({ email, emailVerified: true, phoneVerified: true });

    // A link works once.
    const again = await http.post('/account/email/verify', { token: await linkTo(email) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: EMAIL_LINK_INVALID, field: 'token' });

    // The password: set through the reset link, after which the email and password sign in.
    expect((await http.post('/users/password-reset', { email })).statusCode).toBe(202);
    const reset = await http.post('/users/password-reset/confirm', {
      token: await linkTo(email, RESET_LINK, 'account.password-reset'),
      password: 'a phone shopper password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await http.post('/users/authorize', { email, password: 'a phone shopper password' });
    expect(signedIn.statusCode).toBe(200);
    expect((await info((signedIn.json() as { token: string }).token)).email).toBe(email);
  });

  it('answers the same for an email another account has, and sends it nothing', async () => {
    const owner = await signUp(shop.app);
    const token = await phoneAccount();
    const free = await http.post('/account/email', { email: newEmail() }, token);
    const taken = await http.post('/account/email', { email: owner.email }, token);
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    expect(await mailsTo(owner.email, 'account.verify-email')).toEqual([]);
    expect((await info(token)).email).toBeNull();
  });

  it('does nothing with a link whose email another account took meanwhile', async () => {
    const first = await phoneAccount();
    const second = await phoneAccount();
    const email = newEmail();
    expect((await http.post('/account/email', { email }, second)).statusCode).toBe(202);
    const secondsLink = await linkTo(email);
    expect((await http.post('/account/email', { email }, first)).statusCode).toBe(202);
    const firstsLink = await linkTo(email);
    expect(firstsLink).not.toBe(secondsLink);

    expect((await http.post('/account/email/verify', { token: firstsLink })).statusCode).toBe(200);
    const late = await http.post('/account/email/verify', { token: secondsLink });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: EMAIL_NO_LONGER_FREE, field: 'token' });
    expect((await info(second)).email).toBeNull();
    expect(await info(first)).toMatchObject({ email, emailVerified: true });
    // Spent: it answers as any used link from now on.
    expect((await http.post('/account/email/verify', { token: secondsLink })).statusCode).toBe(400);
  });

  it('two confirmations of one link at once: one adds the email, the other is refused', async () => {
    const token = await phoneAccount();
    const email = newEmail();
    await http.post('/account/email', { email }, token);
    const link = await linkTo(email);
    const answers = await Promise.all([
      http.post('/account/email/verify', { token: link }),
      http.post('/account/email/verify', { token: link }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await info(token)).email).toBe(email);
  });

  it('only a newer link works', async () => {
    const token = await phoneAccount();
    const older = newEmail();
    const newer = newEmail();
    await http.post('/account/email', { email: older }, token);
    const olderLink = await linkTo(older);
    await http.post('/account/email', { email: newer }, token);
    expect((await http.post('/account/email/verify', { token: olderLink })).statusCode).toBe(400);
    expect((await http.post('/account/email/verify', { token: await linkTo(newer) })).statusCode).toBe(200);
    expect((await info(token)).email).toBe(newer);
  });
});

describe('housekeeping', () => {
  it('deletes links a day past their use or expiry, and keeps the live ones', async () => {
    const token = await phoneAccount();
    const email = newEmail();
    await http.post('/account/email', { email }, token);
    const live = () =>
      shop.db.selectFrom('email_verifications').select('token_hash').where('email', '=', email).execute();
    expect(await shop.services.emailVerifications.purgeOld(Date.now())).toBeGreaterThanOrEqual(0);
    expect(await live()).toHaveLength(1);
    await shop.services.emailVerifications.purgeOld(Date.now() + 2 * 86_400_000);
    expect(await live()).toEqual([]);
  });
});

describe('an account with an email', () => {
  it('cannot add another (409), and shows its registered email unverified until a reset link proves it', async () => {
    const shopper = await signUp(shop.app);
    const refused = await http.post('/account/email', { email: newEmail() }, shopper.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: ACCOUNT_HAS_EMAIL, field: 'email' });
    expect(await info(shopper.token)).toMatchObject({ email: shopper.email, emailVerified: false });

    await http.post('/users/password-reset', { email: shopper.email });
    const reset = await http.post('/users/password-reset/confirm', {
      token: await linkTo(shopper.email, RESET_LINK, 'account.password-reset'),
      password: 'another good password',
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await http.post('/users/authorize', { email: shopper.email, password: 'another good password' });
    expect((await info((signedIn.json() as { token: string }).token)).emailVerified).toBe(true);
  });
});

describe('bad input', () => {
  it('gets a 4xx naming the field, never a 5xx', async () => {
    expect((await http.post('/account/email', { email: newEmail() })).statusCode).toBe(401);
    const token = await phoneAccount();
    for (const body of [{}, { email: 'not an email' }, { email: 42 }, { email: `${'a'.repeat(300)}@example.in` }]) {
      const answer = await http.post('/account/email', body, token);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field).toBe('email');
    }
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(500) }, { token: 7 }, { token: 'made-up' }]) {
      const answer = await http.post('/account/email/verify', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().field).toBe('token');
    }
  });
});
