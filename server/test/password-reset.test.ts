import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOBS } from '../src/housekeeping.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { SAMPLES_DIR, scratchFolder, storeCommand } from './cli/cli-harness.js';
import { client, signUp, startShop, type TestShop } from './harness.js';
import { startSmtpPeer } from './smtp-peer.js';

const SENT = { message: 'If an account exists for that email, we have sent a link' };
const CHANGED = { message: 'Your password has been changed. Please sign in.' };
const LINK_INVALID = 'This reset link has expired or was already used. Please ask for a new one.';
const LINK = /http:\/\/localhost\/reset-password\?token=([A-Za-z0-9_-]+)/;

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const askForReset = (email: unknown, app = shop.app) => client(app).post('/users/password-reset', { email });
const confirm = (token: string, password: string) =>
  client(shop.app).post('/users/password-reset/confirm', { token, password });

/** The reset emails written for `email`, newest first. */
async function resetMessages(email: string) {
  const rows = await shop.services.outbox.list(shop.storeId);
  return rows.filter((row) => row.recipient === email && row.kind === 'account.password-reset');
}

/** Asks for a reset of `email` and returns the token of the link the email carries. */
async function linkToken(email: string): Promise<string> {
  const response = await askForReset(email);
  expect(response.statusCode).toBe(202);
  const [message] = await resetMessages(email);
  const token = LINK.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in ${message?.text}`);
  return token;
}

const signIn = (email: string, password: string) => client(shop.app).post('/users/authorize', { email, password });

describe('asking for a reset link', () => {
  it('answers a known and an unknown email alike, and emails only the known one', async () => {
    const { email } = await signUp(shop.app);
    const unknown = 'nobody.here@example.in';
    const known = await askForReset(email.toUpperCase());
    const nobody = await askForReset(unknown);
    expect(known.statusCode).toBe(202);
    expect(nobody.statusCode).toBe(202);
    expect(known.json()).toEqual(SENT);
    expect(nobody.json()).toEqual(known.json());

    expect(await resetMessages(unknown)).toEqual([]);
    const [message, ...more] = await resetMessages(email);
    expect(more).toEqual([]);
    expect(message?.subject).toBe('Reset your password | NetKart');
    expect(message?.text).toMatch(LINK);
    expect(message?.text).toContain('valid for 30 minutes');
    expect(message?.text).toContain('If you did not ask for this, you can ignore this email');
    expect(message?.html).toMatch(/href="http:\/\/localhost\/reset-password\?token=[A-Za-z0-9_-]{43}"/);

    // The database holds the token's hash only, with a 30-minute expiry.
    const token = LINK.exec(message?.text ?? '')?.[1] ?? '';
    expect(token).toHaveLength(43);
    const rows = await shop.db.selectFrom('password_resets').selectAll().where('store_id', '=', shop.storeId).execute();
    const row = rows.find((r) => r.token_hash === createHash('sha256').update(token).digest('hex'));
    expect(row?.used_at).toBeNull();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(Date.parse(row?.expires_at ?? '') - Date.parse(row?.created_at ?? '')).toBe(30 * 60_000);
  });

  it.each([
    ['asha@example.in\r\nBcc: everyone@example.com', 'Invalid email address'],
    ['asha@example.in%0ABcc:everyone@example.com', 'Invalid email address'],
    ['not-an-email', 'Invalid email address'],
    [undefined, 'Email is required.'],
  ])('refuses %j with a clear message and writes nothing', async (email, error) => {
    const before = (await shop.services.outbox.list(shop.storeId)).length;
    const response = await askForReset(email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, field: 'email' });
    expect((await shop.services.outbox.list(shop.storeId)).length).toBe(before);
  });

  it('limits requests per email with a 429 and Retry-After, whether or not the account exists', async () => {
    const limited = await startShop({ rateLimits: { passwordResetsPerEmail: 2 } });
    try {
      const { email } = await signUp(limited.app);
      for (const address of [email, 'nobody.here@example.in']) {
        expect((await askForReset(address, limited.app)).statusCode).toBe(202);
        expect((await askForReset(address, limited.app)).statusCode).toBe(202);
        const third = await askForReset(address.toUpperCase(), limited.app);
        expect(third.statusCode).toBe(429);
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        expect(third.json()).toEqual({
          error: 'Too many password reset requests for this email. Please try again in 60 minute(s).',
        });
      }
      // Another email from the same network is not held up by those two.
      expect((await askForReset('someone.else@example.in', limited.app)).statusCode).toBe(202);
      const sent = await limited.services.outbox.list(limited.storeId);
      expect(sent.filter((row) => row.kind === 'account.password-reset').map((row) => row.recipient)).toEqual([
        email,
        email,
      ]);
    } finally {
      await limited.close();
    }
  });

  it('limits requests per network address', async () => {
    const limited = await startShop({ rateLimits: { passwordResetsPerIp: 2 } });
    try {
      expect((await askForReset('one@example.in', limited.app)).statusCode).toBe(202);
      expect((await askForReset('two@example.in', limited.app)).statusCode).toBe(202);
      const third = await askForReset('three@example.in', limited.app);
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(third.json().error).toMatch(/^Too many password reset requests from this network/);
    } finally {
      await limited.close();
    }
  });
});

describe('setting a new password with the link', () => {
  it('changes the password, signs every device out, and works once', async () => {
    const { email, password, token: firstDevice } = await signUp(shop.app);
    const secondDevice = (await signIn(email, password)).json().token as string;
    const http = client(shop.app);
    expect((await http.get('/accountInfo', secondDevice)).statusCode).toBe(200);

    const token = await linkToken(email);
    const done = await confirm(token, 'a brand new secret');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual(CHANGED);

    expect((await signIn(email, password)).statusCode).toBe(401);
    const fresh = await signIn(email, 'a brand new secret');
    expect(fresh.statusCode).toBe(200);
    expect((await http.get('/accountInfo', firstDevice)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', secondDevice)).statusCode).toBe(401);
    expect((await http.get('/accountInfo', fresh.json().token)).statusCode).toBe(200);

    const again = await confirm(token, 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: LINK_INVALID, field: 'token' });
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const { email, password } = await signUp(shop.app);
    const token = await linkToken(email);
    await shop.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    const response = await confirm(token, 'a brand new secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(LINK_INVALID);
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('refuses a link superseded by a newer one; the newer one works', async () => {
    const { email } = await signUp(shop.app);
    const older = await linkToken(email);
    const newer = await linkToken(email);
    expect(newer).not.toBe(older);
    const refused = await confirm(older, 'a brand new secret');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(LINK_INVALID);
    expect((await confirm(newer, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await confirm('A'.repeat(43), 'a brand new secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(LINK_INVALID);
  });

  it.each([
    [{ token: 'x', password: '12345' }, 'Password must be at least 6 characters', 'password'],
    [{ token: 'x', password: 'p'.repeat(129) }, 'Password must be at most 128 characters', 'password'],
    [{ password: 'a brand new secret' }, 'Reset token is required.', 'token'],
    [{ token: 'x' }, 'Password is required.', 'password'],
  ])('refuses %j with the registration rules’ message', async (body, error, field) => {
    const response = await client(shop.app).post('/users/password-reset/confirm', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, field });
  });

  it('a weak password leaves the link usable for a good one', async () => {
    const { email } = await signUp(shop.app);
    const token = await linkToken(email);
    const weak = await confirm(token, '123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: 'Password must be at least 6 characters', field: 'password' });
    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(200);
  });

  it('of two confirmations racing with one link, exactly one changes the password', async () => {
    const { email } = await signUp(shop.app);
    const token = await linkToken(email);
    const answers = await Promise.all([confirm(token, 'first racer pass'), confirm(token, 'second racer pass')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'first racer pass' : 'second racer pass';
    const loser = winner === 'first racer pass' ? 'second racer pass' : 'first racer pass';
    expect((await signIn(email, winner)).statusCode).toBe(200);
    expect((await signIn(email, loser)).statusCode).toBe(401);
  });

  it('does not work at another store', async () => {
    const { email } = await signUp(shop.app);
    const token = await linkToken(email);
    await shop.services.stores.create(
      'reset-elsewhere.example',
      { ...(await client(shop.app).get('/storeInfo')).json(), storeName: 'Elsewhere' },
      { isDefault: false },
    );
    const elsewhere = await client(shop.app, { host: 'api.reset-elsewhere.example' }).post(
      '/users/password-reset/confirm',
      { token, password: 'a brand new secret' },
    );
    expect(elsewhere.statusCode).toBe(400);
    expect((await confirm(token, 'a brand new secret')).statusCode).toBe(200);
  });
});

describe('housekeeping', () => {
  it('deletes links a day past their expiry or use, and keeps the rest', async () => {
    const { email } = await signUp(shop.app);
    const old = await linkToken(email);
    const recent = await linkToken(email);
    const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await shop.db
      .updateTable('password_resets')
      .set({ created_at: twoDaysAgo, expires_at: twoDaysAgo, used_at: twoDaysAgo })
      .where('token_hash', '=', hashOf(old))
      .execute();
    const job = HOUSEKEEPING_JOBS.find((candidate) => candidate.name === 'purge old password resets');
    expect(await job?.run(shop.services, Date.now())).toMatch(/^deleted \d+ used or expired password reset link/);
    const left = await shop.db.selectFrom('password_resets').select('token_hash').execute();
    expect(left.map((row) => row.token_hash)).not.toContain(hashOf(old));
    expect(left.map((row) => row.token_hash)).toContain(hashOf(recent));
    expect((await confirm(recent, 'a brand new secret')).statusCode).toBe(200);
  });
});

describe('the reset email over SMTP', () => {
  it('arrives at the shopper with a link whose token sets the new password', async () => {
    const peer = await startSmtpPeer();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    try {
      const { email, password } = await signUp(shop.app);
      expect((await askForReset(email)).statusCode).toBe(202);
      await sender.runOnce();
      const mail = peer.received.find(
        (received) => received.envelopeTo.includes(email) && received.subject === 'Reset your password | NetKart',
      );
      expect(mail).toBeDefined();
      expect(mail?.text).toContain('valid for 30 minutes');
      const token = LINK.exec(mail?.text ?? '')?.[1] ?? '';
      expect(mail?.html).toContain(`/reset-password?token=${token}`);

      expect((await confirm(token, 'sent by post')).statusCode).toBe(200);
      expect((await signIn(email, password)).statusCode).toBe(401);
      expect((await signIn(email, 'sent by post')).statusCode).toBe(200);
    } finally {
      sender.close();
      await peer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('the reset link on a shop set up for its own domain', () => {
  it('after store init --host shop.example.in, names https://shop.example.in whatever Host the request came with', async () => {
    const own = await startShop({ seedDemo: false });
    const peer = await startSmtpPeer();
    const files = scratchFolder();
    const sender = new MailSender(own.services.outbox, own.services.stores, {
      smtpUrl: peer.url,
      outboxDir: files.dir,
    });
    try {
      const init = await storeCommand(own, files.dir)(
        'init',
        '--host',
        'shop.example.in',
        '--file',
        `${SAMPLES_DIR}/store.json`,
      );
      expect(init.code).toBe(0);
      // A forged Host reaches the one store (the default one); it must never turn up in its links.
      const forged = client(own.app, { host: 'evil.example:8044' });
      const { email } = await signUp(own.app, { email: 'own.domain@example.in' });
      expect((await forged.post('/users/password-reset', { email })).statusCode).toBe(202);
      await sender.runOnce();
      const mail = peer.received.find(
        (received) => received.envelopeTo.includes(email) && /Reset/.test(received.subject),
      );
      expect(mail?.text).toMatch(/https:\/\/shop\.example\.in\/reset-password\?token=[A-Za-z0-9_-]{43}/);
      expect(mail?.html).toMatch(/href="https:\/\/shop\.example\.in\/reset-password\?token=[A-Za-z0-9_-]{43}"/);
      expect(mail?.raw).not.toContain('evil.example');
      expect(mail?.raw).not.toContain('localhost');
    } finally {
      sender.close();
      await peer.close();
      files.remove();
      await own.close();
    }
  });
});
