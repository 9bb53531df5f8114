import { AdminActivityResponse, AdminEmailsResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVE_UP_AFTER_MS } from '../src/modules/messages/outbox.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { enqueueTextMessage } from '../src/modules/messages/text-messages.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { startSmtpPeer } from './smtp-peer.js';

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;

beforeAll(async () => {
  shop = await startShop();
  const { email, password } = await addStaff(shop);
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
});
afterAll(() => shop.close());

async function placeOrder() {
  const shopper = await signUp(shop.app);
  // These tests follow an order's emails: the registration's welcome is set aside.
  await shop.db.deleteFrom('outbox').where('kind', '=', 'account.welcome').execute();
  const [product] = await orderableProducts(shop.app);
  const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
    products: { [product?.id ?? '']: 1 },
    shippingAddress: validAddress,
  });
  expect(placed.statusCode).toBe(201);
  return { shopper, orderId: (placed.json() as { id: string }).id };
}

const emails = async (query = '') => {
  const answer = await admin.get(`/admin/emails${query}`);
  expect(answer.statusCode).toBe(200);
  return AdminEmailsResponse.parse(answer.json());
};

describe('the back office’s emails', () => {
  it('lists the store’s emails newest first, by status, and sends failed ones again', async () => {
    const { shopper, orderId } = await placeOrder();
    const all = await emails();
    expect(all.data.map((email) => email.kind).sort()).toEqual(['merchant.order.placed', 'order.placed']);
    expect(all.data.find((email) => email.kind === 'order.placed')).toMatchObject({
      recipient: shopper.email,
      subject: `Order ${orderId} placed | NetKart`,
      channel: 'email',
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    expect(all).toMatchObject({ total: 2, waiting: 2, failed: 0 });

    // The mail server turns the shop away for a whole day: both are given up.
    const peer = await startSmtpPeer();
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir: '' });
    try {
      peer.refusing = true;
      await sender.runOnce(Date.parse(all.data[0]?.createdAt ?? '') + GIVE_UP_AFTER_MS + 1);
      const failed = await emails('?status=failed');
      expect(failed).toMatchObject({ total: 2, waiting: 0, failed: 2 });
      expect(failed.data[0]?.lastError).toMatch(/Try again later/);
      expect((await emails('?status=waiting')).data).toEqual([]);

      const toShopper = failed.data.find((email) => email.kind === 'order.placed');
      const retried = await admin.post(`/admin/emails/${toShopper?.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().email).toMatchObject({ id: toShopper?.id, status: 'pending' });
      expect(await emails()).toMatchObject({ waiting: 1, failed: 1 });

      const rest = await admin.post('/admin/emails/retry');
      expect(rest.json()).toEqual({ count: 2 });
      peer.refusing = false;
      expect(await sender.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      expect((await emails('?status=sent')).data.map((email) => email.status)).toEqual(['sent', 'sent']);
      expect(await emails()).toMatchObject({ waiting: 0, failed: 0 });

      // Sent is sent; an unknown id says so.
      expect((await admin.post(`/admin/emails/${toShopper?.id}/retry`)).json()).toMatchObject({
        error: 'That message was sent already.',
      });
      const unknown = await admin.post('/admin/emails/no-such-id/retry');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'No message has that id.' });

      // Each resend is in the activity log, with who did it.
      const owner = await addStaff(shop, { role: 'owner' });
      const ownerBrowser = adminClient(shop.app);
      await ownerBrowser.signIn(owner.email, owner.password);
      const log = AdminActivityResponse.parse((await ownerBrowser.get('/admin/activity')).json());
      expect(log.data.filter((entry) => entry.action === 'mail.retry').map((entry) => entry.subject)).toEqual([
        'mail:all',
        `mail:${toShopper?.id}`,
      ]);
    } finally {
      sender.close();
      await peer.close();
    }
  });

  it('pages, refuses a filter it does not know, and is closed to anyone not signed in', async () => {
    await placeOrder();
    const first = await emails('?limit=1&page=2');
    expect(first).toMatchObject({ page: 2, limit: 1 });
    expect(first.data).toHaveLength(1);
    const bad = await admin.get('/admin/emails?status=bounced');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'status is all, waiting, failed or sent.', field: 'status' });
    expect((await client(shop.app).get('/admin/emails')).statusCode).toBe(401);
    expect((await adminClient(shop.app).post('/admin/emails/retry')).statusCode).toBe(401);
  });

  it('lists text messages among them, as SMS to the phone', async () => {
    await enqueueTextMessage(shop.services.outbox, shop.db, {
      storeId: shop.storeId,
      kind: 'cod-code',
      phone: '+919845012345',
      text: '123456 is your code to confirm cash-on-delivery order X at NetKart.',
    });
    const listed = await emails();
    expect(listed.data.find((message) => message.kind === 'sms.cod-code')).toMatchObject({
      channel: 'sms',
      recipient: '+919845012345',
    });
    expect(listed.data.filter((message) => message.kind !== 'sms.cod-code').every((m) => m.channel === 'email')).toBe(
      true,
    );
  });
});
