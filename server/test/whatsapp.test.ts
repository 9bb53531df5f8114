import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminOrder, DEMO_COD_RULES, Order, WHATSAPP_CONSENT_TEXT, WhatsAppUpdates } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { WHATSAPP_TEMPLATES } from '../src/modules/whatsapp/templates.js';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeWhatsAppCloud } from './fakes/whatsapp-cloud.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

// Order updates on WhatsApp, against a fake Cloud API of our own: only for a shopper who ticked the
// box (the consent recorded with its words and time), through approved templates, with Meta's
// webhook verified (its challenge, its signature) and a STOP reply ending the updates.

const APPROVED = Object.fromEntries(
  Object.values(WHATSAPP_TEMPLATES).map((template) => [
    template.name,
    new Set(template.body.match(/\{\{\d+\}\}/g)).size,
  ]),
);
const VERIFY_TOKEN = 'verify-me-1';
const SHOPPER_NUMBER = '919845012345';

let fake: FakeWhatsAppCloud;
let shop: TestShop;
let sender: MailSender;
let outboxDir: string;
let admin: ReturnType<typeof adminClient>;
let productId: string;

beforeAll(async () => {
  fake = await new FakeWhatsAppCloud(undefined, APPROVED).start();
  shop = await startShop({
    whatsApp: {
      token: fake.account.token,
      phoneNumberId: fake.account.phoneNumberId,
      appSecret: fake.account.appSecret,
      verifyToken: VERIFY_TOKEN,
      apiUrl: fake.url,
      timeoutMs: 2000,
    },
  });
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-whatsapp-'));
  const gateway = shop.services.whatsApp.gateway();
  sender = new MailSender(shop.services.outbox, shop.services.stores, {
    outboxDir,
    ...(gateway ? { whatsAppGateway: gateway } : {}),
  });
  const [product] = await orderableProducts(shop.app, 20);
  if (!product) throw new Error('no product in stock');
  productId = product.id;
  const staff = await addStaff(shop, { role: 'orders' });
  admin = adminClient(shop.app);
  await admin.signIn(staff.email, staff.password);
});
afterAll(async () => {
  sender.close();
  await shop.close();
  await fake.stop();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await sender.runOnce();
  fake.sent.length = 0;
});

async function placeOrder(token: string, extra: Record<string, unknown> = {}) {
  const placed = await client(shop.app, { token }).post('/orders', {
    products: { [productId]: 1 },
    shippingAddress: validAddress,
    ...extra,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return Order.parse(placed.json());
}

const detail = async (id: string) => AdminOrder.parse((await admin.get(`/admin/orders/${id}`)).json());

async function payAndShip(id: string) {
  const paid = await admin.post(`/admin/orders/${id}/paid`, {
    updatedAt: (await detail(id)).updatedAt,
    reference: `4${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const shipped = await admin.post(`/admin/orders/${id}/ship`, {
    updatedAt: (await detail(id)).updatedAt,
    shipment: {
      courier: 'Blue Dart',
      trackingNumber: '81234567890',
      trackingUrl: 'https://bluedart.com/t/81234567890',
    },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
}

const webhook = (body: string, signature?: string) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/messages/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: body,
  });

const putUpdates = (token: string, body: object) =>
  shop.app.inject({
    method: 'PUT',
    url: '/api/v1/users/whatsapp',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('order updates on WhatsApp', () => {
  it('go to a shopper who ticked the box: placed, then shipped with the tracking link; the consent is kept with its words', async () => {
    const shopper = await signUp(shop.app);
    const order = await placeOrder(shopper.token, { whatsappUpdates: true });
    await sender.runOnce();
    expect(fake.sent).toEqual([
      expect.objectContaining({
        to: SHOPPER_NUMBER,
        template: 'order_placed',
        language: 'en',
        parameters: [order.id, expect.any(String), expect.stringMatching(/^₹[\d,]+\.\d\d$/)],
      }),
    ]);

    await payAndShip(order.id);
    await sender.runOnce();
    expect(fake.sent.at(-1)).toMatchObject({
      template: 'order_shipped',
      parameters: [order.id, expect.any(String), 'Blue Dart', 'https://bluedart.com/t/81234567890'],
    });

    const consents = await shop.db.selectFrom('whatsapp_consents').selectAll().execute();
    const mine = consents.filter((row) => row.phone === `+${SHOPPER_NUMBER}` && row.withdrawn_at === null);
    expect(mine.at(-1)).toMatchObject({ consent_text: WHATSAPP_CONSENT_TEXT, given_via: 'checkout' });
    const shown = WhatsAppUpdates.parse(
      (await client(shop.app, { token: shopper.token }).get('/users/whatsapp')).json(),
    );
    expect(shown).toMatchObject({ enabled: true, phone: `+${SHOPPER_NUMBER}` });
  });

  it('send nothing to a shopper who did not tick it, however the order goes', async () => {
    const shopper = await signUp(shop.app);
    const order = await placeOrder(shopper.token);
    await payAndShip(order.id);
    await sender.runOnce();
    expect(fake.sent).toEqual([]);
    expect(
      WhatsAppUpdates.parse((await client(shop.app, { token: shopper.token }).get('/users/whatsapp')).json()),
    ).toEqual({ enabled: false, phone: null, since: null });
  });

  it('are turned on and off from the account page; withdrawing stops them and stays on record', async () => {
    const shopper = await signUp(shop.app);
    const on = await putUpdates(shopper.token, { enabled: true, phone: '098450 12345' });
    expect(on.statusCode, on.body).toBe(200);
    expect(WhatsAppUpdates.parse(on.json())).toMatchObject({ enabled: true, phone: '+919845012345' });
    const bad = await putUpdates(shopper.token, { enabled: true, phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Indian mobile number/);

    const off = await putUpdates(shopper.token, { enabled: false });
    expect(WhatsAppUpdates.parse(off.json())).toEqual({ enabled: false, phone: null, since: null });
    await placeOrder(shopper.token);
    await sender.runOnce();
    expect(fake.sent).toEqual([]);
    const rows = await shop.db.selectFrom('whatsapp_consents').selectAll().where('given_via', '=', 'account').execute();
    expect(rows.at(-1)).toMatchObject({ withdrawn_via: 'account', consent_text: WHATSAPP_CONSENT_TEXT });
    expect((await putUpdates('', { enabled: false })).statusCode).toBe(401);
  });

  it('wait in the outbox while the Cloud API fails, and go once it answers; a template it does not know is given up', async () => {
    const shopper = await signUp(shop.app);
    fake.failNext(503, 131000, '(#131000) Something went wrong');
    await placeOrder(shopper.token, { whatsappUpdates: true });
    const first = await sender.runOnce();
    expect(first.retrying).toBe(1);
    expect(fake.sent).toEqual([]);
    const later = await sender.runOnce(Date.now() + 61_000);
    expect(later.sent).toBe(1);
    expect(fake.sent.map((each) => each.template)).toEqual(['order_placed']);

    delete fake.approved.order_delivered;
    try {
      const order = await placeOrder(shopper.token, { whatsappUpdates: true });
      await payAndShip(order.id);
      const delivered = await admin.post(`/admin/orders/${order.id}/deliver`, {
        updatedAt: (await detail(order.id)).updatedAt,
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      const pass = await sender.runOnce(Date.now() + 61_000);
      expect(pass.failed).toBe(1);
      const failed = await shop.db
        .selectFrom('outbox')
        .select(['status', 'last_error'])
        .where('kind', '=', 'whatsapp.order.delivered')
        .executeTakeFirstOrThrow();
      expect(failed.status).toBe('failed');
      expect(failed.last_error).toMatch(/132001/);
    } finally {
      fake.approved.order_delivered = APPROVED.order_delivered ?? 2;
    }
  });
});

describe('the cash-on-delivery confirmation code on WhatsApp', () => {
  it('goes as the cod_confirmation template to a shopper whose consent stands, beside the SMS; not to one without', async () => {
    await shop.services.cod.setRules(shop.storeId, { ...DEMO_COD_RULES, maxOrder: 1_000_000 });
    const smsOf = async (orderId: string) =>
      (await shop.services.outbox.list(shop.storeId, { limit: 500 })).find(
        (row) => row.kind === 'sms.cod-code' && row.text.includes(orderId),
      );

    const asked = await signUp(shop.app);
    const order = await placeOrder(asked.token, { whatsappUpdates: true, paymentMethod: 'cod' });
    const sms = await smsOf(order.id);
    const code = sms?.text.match(/^(\d{6}) /)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await sender.runOnce();
    const codMessage = fake.sent.find((each) => each.template === 'cod_confirmation');
    expect(codMessage).toMatchObject({
      to: SHOPPER_NUMBER,
      language: 'en',
      parameters: [code, order.id, expect.any(String)],
    });
    // The WhatsApp code is the SMS's code: either confirms the order.
    const confirmed = await client(shop.app, { token: asked.token }).post(`/orders/${order.id}/confirm-cod`, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    fake.sent.length = 0;
    const notAsked = await signUp(shop.app);
    const other = await placeOrder(notAsked.token, { paymentMethod: 'cod' });
    expect(await smsOf(other.id)).toBeDefined();
    await sender.runOnce();
    expect(fake.sent.filter((each) => each.template === 'cod_confirmation')).toEqual([]);
  });
});

describe('sign-in codes on WhatsApp', () => {
  it('go to a number someone asked updates for, as the authentication template with its copy-code button; the SMS goes too', async () => {
    const shopper = await signUp(shop.app);
    expect((await putUpdates(shopper.token, { enabled: true, phone: '+91 91234 56789' })).statusCode).toBe(200);
    const asked = await client(shop.app).post('/users/otp', { phone: '91234 56789' });
    expect(asked.statusCode).toBe(202);
    await sender.runOnce();
    const [sent] = fake.sent.filter((each) => each.template === 'sign_in_code');
    expect(sent).toMatchObject({ to: '919123456789', parameters: [expect.stringMatching(/^\d{6}$/)] });
    expect(sent?.buttons).toEqual([
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: sent?.parameters[0] }] },
    ]);
    const texts = await shop.db
      .selectFrom('outbox')
      .select('kind')
      .where('recipient', '=', '+919123456789')
      .where('kind', '=', 'sms.sign-in-code')
      .execute();
    expect(texts).toHaveLength(1);
    const verified = await client(shop.app).post('/users/otp/verify', {
      phone: '+919123456789',
      code: sent?.parameters[0],
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('do not go on WhatsApp to a number nobody asked updates for', async () => {
    expect((await client(shop.app).post('/users/otp', { phone: '+91 99887 76655' })).statusCode).toBe(202);
    await sender.runOnce();
    expect(fake.sent.filter((each) => each.template === 'sign_in_code')).toEqual([]);
  });
});

describe("WhatsApp's webhook", () => {
  it("answers Meta's verification with the challenge, and only with the shop's verify token", async () => {
    const verify = (token: string) =>
      shop.app.inject({
        method: 'GET',
        url: `/api/v1/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const good = await verify(VERIFY_TOKEN);
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('1158201444');
    const bad = await verify('guess');
    expect(bad.statusCode).toBe(403);
  });

  it('records delivery statuses once and in order, and refuses a forged or unsigned POST, recording nothing', async () => {
    const shopper = await signUp(shop.app);
    await placeOrder(shopper.token, { whatsappUpdates: true });
    await sender.runOnce();
    const wamid = fake.sent.at(-1)?.wamid ?? '';
    const statusOf = async () =>
      (await shop.db.selectFrom('whatsapp_messages').select('status').where('id', '=', wamid).executeTakeFirstOrThrow())
        .status;
    expect(await statusOf()).toBe('accepted');

    const read = fake.statusesPayload([{ wamid, status: 'read', at: new Date(), to: SHOPPER_NUMBER }]);
    const forged = await webhook(read, fake.sign(read, 'not-the-secret'));
    expect(forged.statusCode).toBe(401);
    expect((await webhook(read)).statusCode).toBe(401);
    expect(await statusOf()).toBe('accepted');

    const delivered = fake.statusesPayload([{ wamid, status: 'delivered', at: new Date(), to: SHOPPER_NUMBER }]);
    expect((await webhook(delivered, fake.sign(delivered))).json()).toEqual({
      received: true,
      statuses: 1,
      stopped: 0,
    });
    expect((await webhook(read, fake.sign(read))).json()).toMatchObject({ statuses: 1 });
    // A replay, and a late 'sent', change nothing.
    expect((await webhook(read, fake.sign(read))).json()).toMatchObject({ statuses: 0 });
    const late = fake.statusesPayload([{ wamid, status: 'sent', at: new Date(), to: SHOPPER_NUMBER }]);
    expect((await webhook(late, fake.sign(late))).json()).toMatchObject({ statuses: 0 });
    expect(await statusOf()).toBe('read');

    const junk = 'not json';
    expect((await webhook(junk, fake.sign(junk))).statusCode).toBe(200);
  });

  it('ends the updates of a number that replies STOP', async () => {
    const shopper = await signUp(shop.app);
    await placeOrder(shopper.token, { whatsappUpdates: true });
    await sender.runOnce();
    expect(fake.sent).toHaveLength(1);
    const stop = fake.replyPayload(SHOPPER_NUMBER, ' stop ');
    expect((await webhook(stop, fake.sign(stop))).json()).toMatchObject({ received: true });
    expect(
      WhatsAppUpdates.parse((await client(shop.app, { token: shopper.token }).get('/users/whatsapp')).json()).enabled,
    ).toBe(false);
    fake.sent.length = 0;
    await placeOrder(shopper.token);
    await sender.runOnce();
    expect(fake.sent).toEqual([]);
    const withdrawn = await shop.db
      .selectFrom('whatsapp_consents')
      .select('withdrawn_via')
      .where('phone', '=', `+${SHOPPER_NUMBER}`)
      .execute();
    expect(withdrawn.every((row) => row.withdrawn_via !== null)).toBe(true);
    expect(withdrawn.some((row) => row.withdrawn_via === 'stop-reply')).toBe(true);
  });
});

describe('without a WhatsApp account', () => {
  it('writes each message to the outbox folder, and the order goes on', async () => {
    const plain = await startShop();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-whatsapp-files-'));
    try {
      expect(plain.services.whatsApp.gateway()).toBeUndefined();
      const shopper = await signUp(plain.app);
      const [product] = await orderableProducts(plain.app, 5);
      const placed = await client(plain.app, { token: shopper.token }).post('/orders', {
        products: { [product?.id ?? '']: 1 },
        shippingAddress: validAddress,
        whatsappUpdates: true,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const plainSender = new MailSender(plain.services.outbox, plain.services.stores, { outboxDir: folder });
      await plainSender.runOnce();
      plainSender.close();
      const files = fs.readdirSync(folder).filter((file) => file.endsWith('.whatsapp.txt'));
      expect(files).toHaveLength(1);
      const text = fs.readFileSync(path.join(folder, files[0] ?? ''), 'utf8');
      expect(text).toContain('To: +919845012345');
      expect(text).toContain('Template: order_placed (en)');
      expect(text).toContain(`Thank you for your order ${Order.parse(placed.json()).id}`);
    } finally {
      await plain.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
