import { AccountSessions, SESSION_NOT_FOUND } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/modules/accounts/sessions.js';
import { client, signUp, startShop, type TestShop } from './harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

/** Signs in from a device that names itself by its User-Agent. */
async function signInFrom(email: string, password: string, userAgent: string, rememberMe?: boolean) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/users/authorize',
    headers: { host: 'localhost:8044', 'user-agent': userAgent },
    payload: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { token: string }).token;
}

const sessionsOf = async (token: string) => {
  const answer = await client(shop.app).get('/account/sessions', token);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('private, no-store');
  return AccountSessions.parse(answer.json()).sessions;
};

describe('a shopper’s sessions', () => {
  it('are listed with their device and last use, this one first and marked, and no token or hash', async () => {
    const { email, password, token: first } = await signUp(shop.app);
    const phone = await signInFrom(email, password, ANDROID_CHROME);
    const laptop = await signInFrom(email, password, WINDOWS_FIREFOX);
    const sessions = await sessionsOf(phone);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ device: 'Chrome on Android', current: true });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.device).sort()).toEqual(['', 'Chrome on Android', 'Firefox on Windows']);
    for (const session of sessions) {
      expect(Number.isNaN(Date.parse(session.lastUsedAt))).toBe(false);
      expect(Number.isNaN(Date.parse(session.createdAt))).toBe(false);
    }
    const stored = await shop.db.selectFrom('sessions').select('token_hash').execute();
    const body = JSON.stringify(sessions);
    for (const { token_hash } of stored) expect(body).not.toContain(token_hash);
    for (const token of [first, phone, laptop]) expect(body).not.toContain(token);
  });

  it('end one at a time: the ended device is signed out, the others stay', async () => {
    const { email, password, token: first } = await signUp(shop.app);
    const phone = await signInFrom(email, password, ANDROID_CHROME);
    const phoneId = (await sessionsOf(phone)).find((session) => session.current)?.id ?? '';
    const http = client(shop.app);
    expect((await http.delete(`/account/sessions/${phoneId}`, undefined, first)).statusCode).toBe(204);
    expect((await http.get('/accountInfo', phone)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', first)).statusCode).toBe(200);
    const again = await http.delete(`/account/sessions/${phoneId}`, undefined, first);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SESSION_NOT_FOUND });
  });

  it('end all but this one', async () => {
    const { email, password, token: first } = await signUp(shop.app);
    const phone = await signInFrom(email, password, ANDROID_CHROME);
    const laptop = await signInFrom(email, password, WINDOWS_FIREFOX);
    const http = client(shop.app);
    const ended = await http.delete('/account/sessions', undefined, laptop);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await http.get('/accountInfo', first)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', phone)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', laptop)).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toHaveLength(1);
  });

  it("cannot see or end another shopper's sessions", async () => {
    const mine = await signUp(shop.app);
    const theirs = await signUp(shop.app);
    const [their] = await sessionsOf(theirs.token);
    const http = client(shop.app);
    expect((await http.delete(`/account/sessions/${their?.id}`, undefined, mine.token)).statusCode).toBe(404);
    expect((await http.get('/accountInfo', theirs.token)).statusCode).toBe(200);
    expect((await sessionsOf(mine.token)).map((session) => session.id)).not.toContain(their?.id);
  });

  it('need a signed-in shopper, and a session id of the right shape', async () => {
    const http = client(shop.app);
    expect((await http.get('/account/sessions')).statusCode).toBe(401);
    expect((await http.delete('/account/sessions')).statusCode).toBe(401);
    expect((await http.delete(`/account/sessions/${'a'.repeat(32)}`)).statusCode).toBe(401);
    const { token } = await signUp(shop.app);
    const bad = await http.delete('/account/sessions/not-an-id', undefined, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Unknown session.');
  });

  it('slide: a remembered session used lives 30 days from its last use; a short one keeps its 12 hours', async () => {
    const { email, password, token } = await signUp(shop.app);
    const short = await signInFrom(email, password, ANDROID_CHROME, false);
    const accounts = shop.services.accounts;
    const now = Date.now();
    const day = 86_400_000;
    // Used on day 20 and day 45: still signed in on day 70, 25 days after the last use.
    expect(await accounts.userForToken(shop.storeId, token, now + 20 * day)).toBeDefined();
    expect(await accounts.userForToken(shop.storeId, token, now + 45 * day)).toBeDefined();
    expect(await accounts.userForToken(shop.storeId, token, now + 70 * day)).toBeDefined();
    expect(await accounts.userForToken(shop.storeId, token, now + 101 * day)).toBeUndefined();
    // The short one, used after 11 hours, ends 12 hours after it was opened all the same.
    expect(await accounts.userForToken(shop.storeId, short, now + 11 * 3_600_000)).toBeDefined();
    expect(await accounts.userForToken(shop.storeId, short, now + 12.1 * 3_600_000)).toBeUndefined();
  });

  it('record their last use at most once a minute', async () => {
    const { token } = await signUp(shop.app);
    const accounts = shop.services.accounts;
    const lastUse = async () => {
      const [session] = await sessionsOf(token);
      return session?.lastUsedAt;
    };
    const before = await lastUse();
    const now = Date.now();
    await accounts.userForToken(shop.storeId, token, now + 30_000);
    expect(await lastUse()).toBe(before);
    await accounts.userForToken(shop.storeId, token, now + 5 * 60_000);
    expect(await lastUse()).toBe(new Date(now + 5 * 60_000).toISOString());
  });

  it('all end when the password is reset by link', async () => {
    const { email, password, token } = await signUp(shop.app);
    const phone = await signInFrom(email, password, ANDROID_CHROME);
    const user = await shop.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const store = await shop.services.stores.byId(shop.storeId);
    if (!store) throw new Error('no store');
    await shop.services.passwordResets.request(store, email);
    const reset = await shop.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(reset.token_hash).toBeTruthy();
    // The link's token is only in the email: read it from there.
    const mail = await shop.db
      .selectFrom('outbox')
      .select('text')
      .where('recipient', '=', email)
      .where('kind', '=', 'account.password-reset')
      .executeTakeFirstOrThrow();
    const resetToken = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)?.[1] ?? '');
    const confirmed = await client(shop.app).post('/users/password-reset/confirm', {
      token: resetToken,
      password: 'a new password',
    });
    expect(confirmed.statusCode).toBe(200);
    for (const old of [token, phone]) expect((await client(shop.app).get('/accountInfo', old)).statusCode).toBe(401);
  });

  it('have ids that are a hash of the stored hash, not the hash itself', () => {
    const hash = 'a'.repeat(64);
    expect(sessionIdOf(hash)).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain(sessionIdOf(hash));
  });
});
