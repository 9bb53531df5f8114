import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageSettingsOf, readConfig } from '../src/config.js';
import type { MessageSettings } from '../src/modules/messages/layout.js';
import { msg91Gateway } from '../src/modules/messages/providers/msg91.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { HINDI_SMS_TEMPLATES, matchTemplate, SMS_TEMPLATES } from '../src/modules/messages/sms-templates.js';
import { FakeMsg91 } from './fakes/msg91.js';
import { client, orderableProducts, startShop, type TestShop, validAddress } from './harness.js';

const AUTH_KEY = 'msg91-hindi-auth-key';
const TEMPLATE_IDS = { 'sign-in-code': 'tpl-sign-in', 'cod-code': 'tpl-cod', 'order-update': 'tpl-order' };
const HINDI_TEMPLATE_IDS = { 'order-update': 'tpl-order-hi' };

let shop: TestShop;
let http: ReturnType<typeof client>;
let fake: FakeMsg91;
let outboxDir: string;
let storeName = '';
let productId = '';
// The shop's message settings, as MSG91_HINDI_TEMPLATE_IDS gives them: a test takes the Hindi kinds away.
const messages: MessageSettings = { hindiSmsKinds: Object.keys(HINDI_TEMPLATE_IDS) };

beforeAll(async () => {
  shop = await startShop({ messages });
  http = client(shop.app);
  storeName = (await shop.services.stores.byId(shop.storeId))?.store_name ?? '';
  const [product] = await orderableProducts(shop.app, 5);
  if (!product) throw new Error('no product in stock');
  productId = product.id;
  // The merchant's MSG91 account: the English templates, and the Hindi one registered as Unicode.
  fake = await new FakeMsg91(AUTH_KEY, {
    'tpl-sign-in': SMS_TEMPLATES['sign-in-code'],
    'tpl-cod': SMS_TEMPLATES['cod-code'],
    'tpl-order': SMS_TEMPLATES['order-update'],
    'tpl-order-hi': HINDI_SMS_TEMPLATES['order-update'],
  }).start();
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hindi-sms-outbox-'));
});

afterAll(async () => {
  await fake.stop();
  await shop.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

let next = 0;
const newPhone = () => {
  next += 1;
  return `+918${String(Date.now() % 1_000_000).padStart(6, '0')}${String(next).padStart(3, '0')}`;
};

const sender = (hindiTemplateIds: Record<string, string> = HINDI_TEMPLATE_IDS) =>
  new MailSender(shop.services.outbox, shop.services.stores, {
    outboxDir,
    textGateway: msg91Gateway({
      authKey: AUTH_KEY,
      senderId: 'NTKART',
      apiUrl: fake.url,
      templateIds: TEMPLATE_IDS,
      hindiTemplateIds,
    }),
  });

/** A shopper signed in by a code to their mobile (an account with no email: its order news goes by SMS). */
async function signInByPhone(phone: string): Promise<string> {
  expect((await http.post('/users/otp', { phone })).statusCode).toBe(202);
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  const code = rows
    .find((row) => row.kind === 'sms.sign-in-code' && row.recipient === phone)
    ?.text.match(/^(\d{6}) is your /)?.[1];
  const answer = await http.post('/users/otp/verify', { phone, code });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { token: string }).token;
}

/** An order placed from a page in `language` (kept on the account): its id. */
async function placeFrom(language: 'en' | 'hi', phone: string, token: string): Promise<string> {
  const placed = await http.post(
    '/orders',
    { products: { [productId]: 1 }, shippingAddress: { ...validAddress, phone }, language },
    token,
  );
  expect(placed.statusCode).toBe(201);
  return (placed.json() as { id: string }).id;
}

const smsTo = (phone: string) => fake.sent.filter((each) => each.mobiles === phone.slice(1));

describe("a Hindi shopper's SMS", () => {
  it('goes in Hindi, with the Hindi template id and as Unicode, when MSG91_HINDI_TEMPLATE_IDS names its kind', async () => {
    const phone = newPhone();
    const orderId = await placeFrom('hi', phone, await signInByPhone(phone));
    await sender().runOnce();
    const [signInCode, placed] = smsTo(phone);
    // The sign-in code went before the shopper's language was known: English, as ever.
    expect(signInCode?.templateId).toBe('tpl-sign-in');
    expect(signInCode?.unicode).toBeUndefined();
    expect(placed).toEqual({
      templateId: 'tpl-order-hi',
      sender: 'NTKART',
      mobiles: phone.slice(1),
      text: `${storeName}: आपका ऑर्डर ${orderId} दर्ज हो गया है। जानकारी: http://localhost/hi/track-order?id=${orderId}`,
      unicode: true,
    });
    expect(matchTemplate('order-update', placed?.text ?? '', 'hi')).toBeDefined();
  });

  it('goes in English, as today, to an English shopper, and to a Hindi one when no Hindi template is named', async () => {
    const english = newPhone();
    const englishOrder = await placeFrom('en', english, await signInByPhone(english));
    messages.hindiSmsKinds = [];
    try {
      const hindi = newPhone();
      const hindiOrder = await placeFrom('hi', hindi, await signInByPhone(hindi));
      await sender({}).runOnce();
      for (const [phone, orderId] of [
        [english, englishOrder],
        [hindi, hindiOrder],
      ] as const) {
        expect(smsTo(phone).at(-1)).toEqual({
          templateId: 'tpl-order',
          sender: 'NTKART',
          mobiles: phone.slice(1),
          text: `${storeName}: your order ${orderId} is placed. Details: http://localhost/track-order?id=${orderId}`,
        });
      }
    } finally {
      messages.hindiSmsKinds = Object.keys(HINDI_TEMPLATE_IDS);
    }
  });

  it('a Hindi text with no Hindi template id is refused before sending; without unicode MSG91 would garble it', async () => {
    const phone = newPhone();
    const orderId = await placeFrom('hi', phone, await signInByPhone(phone));
    const before = fake.sent.length;
    const result = await sender({}).runOnce();
    expect(result.failed).toBe(1);
    expect(fake.sent.slice(before).filter((each) => each.mobiles === phone.slice(1))).toHaveLength(1); // the code only
    const row = (await shop.services.outbox.list(shop.storeId, { limit: 500 })).find(
      (each) => each.kind === 'sms.order-update' && each.recipient === phone,
    );
    expect(row?.text).toContain(orderId);
    expect(row?.last_error).toMatch(/MSG91_HINDI_TEMPLATE_IDS has no template id for order-update/);
  });
});

describe("the merchant's MSG91 settings", () => {
  const msg91 = {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_SENDER_ID: 'NETKRT',
    MSG91_TEMPLATE_IDS: ' sign-in-code=tpl-sign-in, cod-code=tpl-cod ,order-update=tpl-order',
  };

  it('reads the template ids by kind, and sends a Hindi shopper Hindi only of the kinds MSG91_HINDI_TEMPLATE_IDS names', () => {
    const config = readConfig({ ...msg91, MSG91_HINDI_TEMPLATE_IDS: 'order-update=tpl-order-hi' });
    expect(config.sms?.msg91.templateIds).toEqual(TEMPLATE_IDS);
    expect(config.sms?.msg91.hindiTemplateIds).toEqual(HINDI_TEMPLATE_IDS);
    expect(messageSettingsOf(config).hindiSmsKinds).toEqual(['order-update']);
    expect(messageSettingsOf(readConfig(msg91)).hindiSmsKinds).toEqual([]);
    expect(messageSettingsOf(readConfig({})).hindiSmsKinds).toEqual([]);
  });

  it('names the setting that is wrong, and what it takes', () => {
    expect(() => readConfig({ ...msg91, MSG91_TEMPLATE_IDS: 'sign-in-code tpl-sign-in' })).toThrow(
      'MSG91_TEMPLATE_IDS must be kind=template-id pairs, comma-separated: sign-in-code=…,cod-code=…,order-update=…',
    );
    expect(() => readConfig({ ...msg91, MSG91_HINDI_TEMPLATE_IDS: 'order-update=' })).toThrow(
      'MSG91_HINDI_TEMPLATE_IDS must be kind=template-id pairs, comma-separated: cod-code=…,order-update=…',
    );
    expect(() => readConfig({ ...msg91, MSG91_TEMPLATE_IDS: '' })).toThrow(
      'SMS_PROVIDER=msg91 needs MSG91_TEMPLATE_IDS.',
    );
    expect(() => readConfig({ SMS_PROVIDER: 'msg91' })).toThrow(
      'SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_SENDER_ID, MSG91_TEMPLATE_IDS.',
    );
    expect(() => readConfig({ ...msg91, MSG91_HINDI_TEMPLATE_IDS: 'sign-in-code=tpl-hi' })).toThrow(
      'MSG91_HINDI_TEMPLATE_IDS names sign-in-code, which has no Hindi text; it takes cod-code, order-update.',
    );
  });
});
