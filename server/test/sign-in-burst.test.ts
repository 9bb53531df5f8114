import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_SESSION_COOKIE, SIGN_IN_LINK_OFFERED } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitConfig } from '../src/config.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { addStaff } from './admin-harness.js';
import { signUp, startShop, type TestShop } from './harness.js';
import { type ReceivedMail, startSmtpPeer } from './smtp-peer.js';

/** A sign-in posted from a given network address. */
function signInFrom(app: FastifyInstance, address: string, path: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    remoteAddress: address,
    headers: { host: 'localhost:8044' },
    payload: body,
  });
}

const codesOf = (answers: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

const BURST = 30;
const LIMIT = 4;

const counterStores: Array<[string, () => Partial<Parameters<typeof startShop>[0]>]> = [
  ['the database', () => ({})],
  ...(process.env.REDIS_URL
    ? [
        [
          'Redis',
          () => ({
            app: { redisUrl: process.env.REDIS_URL, limitKeyPrefix: `burst-${randomBytes(6).toString('hex')}` },
          }),
        ] as [string, () => Partial<Parameters<typeof startShop>[0]>],
      ]
    : []),
];

describe.each(counterStores)('a burst of wrong passwords, counted in %s', (_where, extra) => {
  let shop: TestShop;
  const limits: Partial<RateLimitConfig> = { loginFailuresPerEmail: LIMIT, loginFailuresPerEmailAnywhere: LIMIT };
  beforeAll(async () => {
    shop = await startShop({ rateLimits: limits, ...extra() });
  });
  afterAll(() => shop.close());

  it(`checks exactly ${LIMIT} of ${BURST} parallel wrong passwords for one email from one address`, async () => {
    const { email } = await signUp(shop.app);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signInFrom(shop.app, '198.51.100.30', '/users/authorize', { email, password: `guess-${i}` }),
      ),
    );
    expect(codesOf(answers)).toEqual({ 401: LIMIT, 429: BURST - LIMIT });
  });

  it(`checks exactly ${LIMIT} of ${BURST} parallel wrong passwords for one email from ${BURST} addresses`, async () => {
    const { email } = await signUp(shop.app);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signInFrom(shop.app, `198.51.101.${i + 1}`, '/users/authorize', { email, password: `guess-${i}` }),
      ),
    );
    expect(codesOf(answers)).toEqual({ 401: LIMIT, 429: BURST - LIMIT });
  });

  it(`checks exactly ${LIMIT} of ${BURST} parallel wrong passwords at the back office`, async () => {
    const { email } = await addStaff(shop, { role: 'owner' });
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signInFrom(shop.app, `198.51.102.${i % 3}`, '/admin/session', { email, password: `guess-${i}-long-enough` }),
      ),
    );
    expect(codesOf(answers)).toEqual({ 401: LIMIT, 429: BURST - LIMIT });
  });

  it('does not use up the failure budget with right passwords', async () => {
    const { email, password } = await signUp(shop.app);
    // One after another, as a shopper signs in; a place is held only while its password is checked.
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await signInFrom(shop.app, '198.51.103.1', '/users/authorize', { email, password })).statusCode).toBe(
        200,
      );
    }
    // The budget is whole afterwards: LIMIT wrong passwords are still checked.
    for (let i = 0; i < LIMIT; i++) {
      const wrong = await signInFrom(shop.app, '198.51.103.1', '/users/authorize', { email, password: 'nope' });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await signInFrom(shop.app, '198.51.103.1', '/users/authorize', { email, password })).statusCode).toBe(429);
  });

  it('lets an owner with two-factor sign-in in while strangers have used up their email', async () => {
    const { email, password, totpUri } = await addStaff(shop, { role: 'owner', totp: true });
    if (!totpUri) throw new Error('no otpauth address');
    const totp = OTPAuth.URI.parse(totpUri) as OTPAuth.TOTP;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signInFrom(shop.app, `203.0.113.${i + 1}`, '/admin/session', { email, password: `guess-${i}-long-enough` }),
      ),
    );
    // Strangers are refused, and so is the owner's password alone.
    const stranger = await signInFrom(shop.app, '203.0.113.99', '/admin/session', {
      email,
      password: 'another-guess-1',
    });
    expect(stranger.statusCode).toBe(429);
    const passwordOnly = await signInFrom(shop.app, '192.0.2.5', '/admin/session', { email, password });
    expect(passwordOnly.statusCode).toBe(429);
    // A stranger's wrong code does not open the door.
    const wrongCode = totp.generate() === '000000' ? '111111' : '000000';
    const guessed = await signInFrom(shop.app, '203.0.113.98', '/admin/session', { email, password, code: wrongCode });
    expect(guessed.statusCode).toBe(429);
    const owner = await signInFrom(shop.app, '192.0.2.5', '/admin/session', { email, password, code: totp.generate() });
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.some((cookie) => cookie.name === ADMIN_SESSION_COOKIE)).toBe(true);
  });

  it('lets an owner without two-factor sign-in in by an emailed one-time link while strangers have used up their email', async () => {
    const { email, password } = await addStaff(shop, { role: 'owner' });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signInFrom(shop.app, `203.0.114.${i + 1}`, '/admin/session', { email, password: `guess-${i}-long-enough` }),
      ),
    );
    const refused = await signInFrom(shop.app, '192.0.2.6', '/admin/session', { email, password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: expect.stringMatching(/sign-in link/), field: SIGN_IN_LINK_OFFERED });

    // Asking answers alike for an unknown email.
    const unknown = await signInFrom(shop.app, '192.0.2.6', '/admin/session/link', { email: 'nobody@netkart.in' });
    const asked = await signInFrom(shop.app, '192.0.2.6', '/admin/session/link', { email });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual(unknown.json());
    // The link arrives as the owner's mail server receives it.
    const peer = await startSmtpPeer();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    let mail: ReceivedMail | undefined;
    try {
      await sender.runOnce();
      mail = peer.received.find((received) => received.envelopeTo.includes(email));
    } finally {
      sender.close();
      await peer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
    expect(mail?.subject).toBe('Your sign-in link | NetKart back office');
    expect(peer.received.filter((received) => received.envelopeTo.includes('nobody@netkart.in'))).toEqual([]);
    const token = /sign-in-link=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no link in: ${mail?.text}`);
    expect(mail?.html).toContain(`/admin/?sign-in-link=${token}`);
    // Only the hash is stored.
    const stored = await shop.db.selectFrom('staff_sign_in_links').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const used = await signInFrom(shop.app, '192.0.2.6', '/admin/session/link/use', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ email, role: 'owner' });
    expect(used.cookies.some((cookie) => cookie.name === ADMIN_SESSION_COOKIE)).toBe(true);
    const again = await signInFrom(shop.app, '192.0.2.6', '/admin/session/link/use', { token });
    expect(again.statusCode).toBe(400);
  });
});
