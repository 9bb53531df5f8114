import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_UPDATED, SAME_NEW_PASSWORD, WRONG_CURRENT_PASSWORD } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, signUp, startShop, type TestShop } from './harness.js';
import { startSmtpPeer } from './smtp-peer.js';

const LIMIT = 3;
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop({ rateLimits: { loginFailuresPerEmail: LIMIT, loginFailuresPerEmailAnywhere: 10 } });
});
afterAll(() => shop.close());

const http = () => client(shop.app);
const signIn = (email: string, password: string) => http().post('/users/authorize', { email, password });
const change = (token: string, currentPassword: unknown, newPassword: unknown) =>
  http().post('/account/password', { currentPassword, newPassword }, token);

/** A shopper signed in on two devices: the phone (signed up on) and a laptop. */
async function onTwoDevices() {
  const shopper = await signUp(shop.app);
  const laptop = (await signIn(shopper.email, shopper.password)).json().token as string;
  return { ...shopper, phone: shopper.token, laptop };
}

describe('changing the password from My Account', () => {
  it('sets the new password, keeps this device signed in and signs out every other one', async () => {
    const { email, password, phone, laptop } = await onTwoDevices();
    const changed = await change(phone, password, 'a brand new secret');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: PASSWORD_UPDATED, otherSessionsEnded: 1 });

    expect((await http().get('/accountInfo', phone)).statusCode).toBe(200);
    expect((await http().get('/accountInfo', laptop)).statusCode).toBe(401);
    expect((await signIn(email, password)).statusCode).toBe(401);
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('is in the activity log the owner reads', async () => {
    const { password, phone } = await onTwoDevices();
    const me = (await http().get('/accountInfo', phone)).json() as { id: string };
    expect((await change(phone, password, 'a brand new secret')).statusCode).toBe(200);
    const owner = await addStaff(shop, { role: 'owner' });
    const office = adminClient(shop.app);
    await office.signIn(owner.email, owner.password);
    const { data } = (await office.get('/admin/activity?limit=100')).json() as {
      data: Array<{ actor: string; action: string; subject: string; after: unknown }>;
    };
    expect(
      data.filter((entry) => entry.action === 'account.password-change' && entry.subject === `account:${me.id}`),
    ).toEqual([expect.objectContaining({ actor: `shopper:${me.id}`, after: { otherSessionsEnded: 1 } })]);
  });

  it('emails the shopper that their password changed, over SMTP, without the password', async () => {
    const peer = await startSmtpPeer();
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    try {
      const { email, password, phone } = await onTwoDevices();
      expect((await change(phone, password, 'a brand new secret')).statusCode).toBe(200);
      await sender.runOnce();
      const mails = peer.received.filter((mail) => mail.envelopeTo.includes(email) && /changed/.test(mail.subject));
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe('Your password was changed | NetKart');
      expect(mail?.text).toContain(`The password of your NetKart account, ${email}, was changed on`);
      expect(mail?.text).toContain('Every other device signed in to your account was signed out');
      expect(mail?.text).toMatch(/Forgot your password\?: http:\/\/localhost(:\d+)?\/forgot-password/);
      expect(mail?.raw).not.toContain('a brand new secret');
      expect(mail?.raw).not.toContain(password);
    } finally {
      sender.close();
      await peer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('ends a reset link asked for before the change', async () => {
    const { email, password, phone } = await onTwoDevices();
    expect((await http().post('/users/password-reset', { email })).statusCode).toBe(202);
    const [message] = (await shop.services.outbox.list(shop.storeId)).filter(
      (row) => row.recipient === email && row.kind === 'account.password-reset',
    );
    const token = /reset-password\?token=([\w-]+)/.exec(message?.text ?? '')?.[1] ?? '';
    expect((await change(phone, password, 'a brand new secret')).statusCode).toBe(200);
    const late = await http().post('/users/password-reset/confirm', { token, password: 'the old link wins' });
    expect(late.statusCode).toBe(400);
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(200);
  });
});

describe('a wrong current password', () => {
  it('is a 400 naming the field, and changes nothing', async () => {
    const { email, password, phone, laptop } = await onTwoDevices();
    const wrong = await change(phone, 'not my password', 'a brand new secret');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_CURRENT_PASSWORD, field: 'currentPassword' });
    expect((await http().get('/accountInfo', laptop)).statusCode).toBe(200);
    expect((await signIn(email, password)).statusCode).toBe(200);
    expect((await signIn(email, 'a brand new secret')).statusCode).toBe(401);
  });

  it('counts as a failed sign-in: past the limit neither the form nor the sign-in checks a password', async () => {
    const { email, password, phone } = await onTwoDevices();
    for (let attempt = 0; attempt < LIMIT; attempt++) {
      expect((await change(phone, `guess ${attempt}`, 'a brand new secret')).statusCode).toBe(400);
    }
    const right = await change(phone, password, 'a brand new secret');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(email, password)).statusCode).toBe(429);
  });
});

describe('bad input', () => {
  it.each([
    [{ currentPassword: 'x', newPassword: '12345' }, 'Password must be at least 6 characters', 'newPassword'],
    [{ newPassword: 'a brand new secret' }, 'Current password is required.', 'currentPassword'],
    [{ currentPassword: '', newPassword: 'a brand new secret' }, 'Current password is required.', 'currentPassword'],
    [{ currentPassword: 'x', newPassword: 'y'.repeat(129) }, 'Password must be at most 128 characters', 'newPassword'],
  ])('%j is a 400: %s', async (body, error, field) => {
    const { phone } = await onTwoDevices();
    const answer = await http().post('/account/password', body, phone);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error, field });
  });

  it('refuses the current password as the new one, and a caller who is not signed in', async () => {
    const { password, phone } = await onTwoDevices();
    const same = await change(phone, password, password);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ error: SAME_NEW_PASSWORD, field: 'newPassword' });
    expect(
      (await http().post('/account/password', { currentPassword: password, newPassword: 'another one' })).statusCode,
    ).toBe(401);
  });
});
