import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ORDER_EXPIRED_REASON, OrderStatus } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow, RefundRow, ReturnRow, StoreRow } from '../src/db/schema.js';
import { cartReminderMessage } from '../src/modules/carts/messages.js';
import {
  passwordChangedMessage,
  registeredAgainMessage,
  verifyEmailMessage,
  welcomeMessage,
} from '../src/modules/messages/account-messages.js';
import type { OutgoingMessage } from '../src/modules/messages/outbox.js';
import { refundMessage } from '../src/modules/messages/refund-messages.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { MAIL_TEXTS } from '../src/modules/messages/texts/catalogue.js';
import { hindiTexts } from '../src/modules/messages/texts/hi.js';
import { returnMessage } from '../src/modules/returns/messages.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

let shop: TestShop;
let peer: SmtpPeer;
let store: StoreRow;
let outboxDir: string;
const senders: MailSender[] = [];

beforeAll(async () => {
  shop = await startShop();
  peer = await startSmtpPeer();
  const found = await shop.services.stores.defaultStore();
  if (!found) throw new Error('no store');
  store = found;
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
});

afterAll(async () => {
  for (const sender of senders) sender.close();
  await peer.close();
  await shop.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * The English left in a message once what may stay English is taken out (the store's own texts,
 * product names, the shopper's address, links and emails, and the trade words Hindi readers use
 * as they are: UPI, UTR, SMS): any run of three English words is an English sentence left over.
 */
function englishLeft(text: string, ownTexts: string[]): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ');
  for (const own of [...ownTexts, ...Object.values(validAddress)].sort((a, b) => b.length - a.length))
    rest = rest.split(own).join(' ');
  return rest.match(/[A-Za-z][A-Za-z'’]*(?:[\s,:;.()-]+[A-Za-z][A-Za-z'’]*){2,}/g) ?? [];
}

/** A shopper who reads the shop in Hindi (the language switch keeps it on the account). */
async function hindiShopper() {
  const shopper = await signUp(shop.app);
  const set = await client(shop.app).post('/account/language', { language: 'hi' }, shopper.token);
  expect(set.statusCode).toBe(200);
  return shopper;
}

async function placeOrder(token: string) {
  const [product] = await orderableProducts(shop.app);
  if (!product) throw new Error('no orderable product');
  const response = await client(shop.app).post(
    '/orders',
    { lines: [{ productId: product.id, quantity: 1 }], shippingAddress: validAddress },
    token,
  );
  expect(response.statusCode).toBe(201);
  return { id: (response.json() as { id: string }).id, product };
}

const outboxTo = (recipient: string) =>
  shop.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute();

function expectHindi(message: Pick<OutgoingMessage, 'subject' | 'text'>, ownTexts: string[]) {
  expect(message.subject).toMatch(DEVANAGARI);
  expect(message.text).toMatch(DEVANAGARI);
  expect(englishLeft(`${message.subject}\n${message.text}`, [store.store_name, ...ownTexts])).toEqual([]);
}

describe("an order's emails in the shopper's language", () => {
  it('sends the order email in Hindi through the mail server, its links to the Hindi pages', async () => {
    const shopper = await hindiShopper();
    const { id, product } = await placeOrder(shopper.token);
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    senders.push(sender);
    await sender.runOnce();
    const mail = peer.received.find(
      (received) => received.envelopeTo[0] === shopper.email && received.subject.includes(id),
    );
    expect(mail?.subject).toBe(`आपका ऑर्डर ${id} दर्ज हो गया | ${store.store_name}`);
    expect(mail?.text).toContain(`${validAddress.fullName}, आपके ऑर्डर के लिए धन्यवाद।`);
    expect(mail?.text).toContain(`/hi/track-order?id=${id}`);
    expect(mail?.text).toContain('/hi/orders');
    expect(mail?.html).toContain('मेरे ऑर्डर');
    if (mail) expectHindi(mail, [product.title, id]);
    // The merchant's own notice stays in the back office's English.
    expect(peer.received.some((received) => received.subject.startsWith(`New order ${id}:`))).toBe(true);
  });

  it('writes every later order email in Hindi: paid, shipped, delivered, cancelled with the shop’s reason', async () => {
    const shopper = await hindiShopper();
    const first = await placeOrder(shopper.token);
    const by = { by: { actor: 'merchant' as const } };
    await shop.services.orders.move(shop.storeId, first.id, OrderStatus.Processing, by);
    await shop.services.orders.move(shop.storeId, first.id, OrderStatus.Shipped, {
      ...by,
      shipment: { courier: 'Delhivery', trackingNumber: 'DL123456789IN' },
    });
    await shop.services.orders.move(shop.storeId, first.id, OrderStatus.Delivered, by);
    const second = await placeOrder(shopper.token);
    await shop.services.orders.move(shop.storeId, second.id, OrderStatus.Cancelled, {
      cancelReason: ORDER_EXPIRED_REASON,
      by: { actor: 'system', note: ORDER_EXPIRED_REASON },
    });
    const rows = (await outboxTo(shopper.email)).filter((row) => row.kind.startsWith('order.'));
    expect(rows.map((row) => row.kind).sort()).toEqual([
      'order.cancelled',
      'order.delivered',
      'order.paid',
      'order.placed',
      'order.placed',
      'order.shipped',
    ]);
    for (const row of rows) expectHindi(row, [first.product.title, first.id, second.id, 'Delhivery', 'DL123456789IN']);
    const cancelled = rows.find((row) => row.kind === 'order.cancelled');
    expect(cancelled?.text).toContain(`आपका ऑर्डर ${second.id} रद्द कर दिया गया है: भुगतान नहीं मिला`);
    const shipped = rows.find((row) => row.kind === 'order.shipped');
    expect(shipped?.text).toContain('कूरियर: Delhivery');
  });

  it('keeps the language of the page an order is placed from on the account, for this order’s emails', async () => {
    const shopper = await signUp(shop.app);
    const [product] = await orderableProducts(shop.app);
    const order = {
      lines: [{ productId: product?.id, quantity: 1 }],
      shippingAddress: validAddress,
    };
    const refused = await client(shop.app).post('/orders', { ...order, language: 'fr' }, shopper.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('language must be one of en, hi.');
    const placed = await client(shop.app).post('/orders', { ...order, language: 'hi' }, shopper.token);
    expect(placed.statusCode).toBe(201);
    const { id } = placed.json() as { id: string };
    const [email] = (await outboxTo(shopper.email)).filter((row) => row.kind === 'order.placed');
    expect(email?.subject).toBe(`आपका ऑर्डर ${id} दर्ज हो गया | ${store.store_name}`);
    expect((await client(shop.app).get('/accountInfo', shopper.token)).json()).toMatchObject({ language: 'hi' });
  });

  it('keeps an English shopper’s emails word for word', async () => {
    const shopper = await signUp(shop.app);
    const { id } = await placeOrder(shopper.token);
    const [placed] = (await outboxTo(shopper.email)).filter((row) => row.kind === 'order.placed');
    expect(placed?.subject).toBe(`Order ${id} placed | ${store.store_name}`);
    expect(placed?.text).toContain('Thank you for your order, Asha Rao.');
    expect(placed?.text).toMatch(new RegExp(`Track your order: \\S+/track-order\\?id=${id}`));
    expect(placed?.text).not.toMatch(DEVANAGARI);
  });
});

describe('order updates on WhatsApp in Hindi', () => {
  it('sends the hi version of a template approved in Hindi, and English for one that is not', async () => {
    const own = await startShop({
      whatsApp: { apiUrl: 'http://127.0.0.1:9', timeoutMs: 1000, hindiTemplates: ['order_placed'] },
    });
    try {
      const shopper = await signUp(own.app);
      await client(own.app).post('/account/language', { language: 'hi' }, shopper.token);
      const [product] = await orderableProducts(own.app);
      const placed = await client(own.app).post(
        '/orders',
        {
          lines: [{ productId: product?.id, quantity: 1 }],
          shippingAddress: validAddress,
          whatsappUpdates: true,
        },
        shopper.token,
      );
      expect(placed.statusCode).toBe(201);
      const { id } = placed.json() as { id: string };
      await own.services.orders.move(own.storeId, id, OrderStatus.Processing, { by: { actor: 'merchant' } });
      await own.services.orders.move(own.storeId, id, OrderStatus.Shipped, { by: { actor: 'merchant' } });
      const rows = await own.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', 'like', 'whatsapp.%')
        .orderBy('created_at')
        .execute();
      const call = (kind: string) => JSON.parse(rows.find((row) => row.kind === kind)?.payload_json ?? '{}');
      expect(call('whatsapp.order.placed')).toMatchObject({ template: 'order_placed', language: 'hi' });
      expect(rows.find((row) => row.kind === 'whatsapp.order.placed')?.text).toContain(`आपके ऑर्डर ${id} के लिए धन्यवाद`);
      // order_shipped is not approved in Hindi here: English, as Meta would otherwise refuse it.
      expect(call('whatsapp.order.shipped')).toMatchObject({ template: 'order_shipped', language: 'en' });
    } finally {
      await own.close();
    }
  });
});

describe("the account's emails in its language", () => {
  it('welcomes an account made from a Hindi page in Hindi, over the mail server; one made in English as before', async () => {
    const http = client(shop.app);
    const stamp = Date.now();
    const hindiEmail = `welcome.hi.${stamp}@example.in`;
    const englishEmail = `welcome.en.${stamp}@example.in`;
    const made = (email: string, language?: 'en' | 'hi') =>
      http.post('/users/register', {
        email,
        password: 'secret12',
        firstName: 'Asha',
        lastName: 'Rao',
        ...(language ? { language } : {}),
      });
    expect((await made(hindiEmail, 'hi')).statusCode).toBe(201);
    expect((await made(englishEmail)).statusCode).toBe(201);
    expect((await made(`welcome.xx.${stamp}@example.in`, 'fr' as 'en')).statusCode).toBe(400);
    // The page's language is the account's: what the shop writes later is in it too.
    const kept = await shop.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', hindiEmail)
      .executeTakeFirst();
    expect(kept?.language).toBe('hi');

    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    senders.push(sender);
    await sender.runOnce();
    const hindi = peer.received.find((received) => received.envelopeTo[0] === hindiEmail);
    expect(hindi?.subject).toBe(`${store.store_name} में आपका स्वागत है`);
    expect(hindi?.text).toContain(
      `Asha, आपका स्वागत है। आपका ${store.store_name} अकाउंट तैयार है; आप ${hindiEmail} से साइन इन करेंगे।`,
    );
    expect(hindi?.text).toMatch(/खरीदारी शुरू करें: \S+\/hi(\s|$)/);
    expect(hindi?.text).toContain('/hi/forgot-password');
    expect(englishLeft(hindi?.text ?? '', [store.store_name, 'Asha'])).toEqual([]);

    const english = peer.received.find((received) => received.envelopeTo[0] === englishEmail);
    expect(english?.subject).toBe(`Welcome to ${store.store_name}`);
    expect(english?.text).toContain(
      `Welcome, Asha. Your ${store.store_name} account is ready; you sign in with ${englishEmail}.`,
    );
    expect(english?.text).not.toContain('/hi/');
    // Three registrations, each hashing its password.
  }, 120_000);

  it('sends a password reset link in Hindi, to the Hindi page', async () => {
    const shopper = await hindiShopper();
    expect((await client(shop.app).post('/users/password-reset', { email: shopper.email })).statusCode).toBeLessThan(
      300,
    );
    const [reset] = (await outboxTo(shopper.email)).filter((row) => row.kind === 'account.password-reset');
    expect(reset?.subject).toBe(`अपना पासवर्ड रीसेट करें | ${store.store_name}`);
    expect(reset?.text).toMatch(/नया पासवर्ड बनाएँ: \S+\/hi\/reset-password\?token=/);
    if (reset) expectHindi(reset, []);
  });

  it('renders every other kind of message in Hindi with no English sentence left', () => {
    const order = { id: 'NK-1001', email: 'asha@example.in', full_name: 'Asha Rao', payment_provider: 'razorpay' };
    const refund = {
      amount: 49_900,
      method: 'gateway',
      destination: null,
      reason: 'Damaged in transit',
      merchant_reference: null,
      gateway_reference: 'rfnd_123',
    } as unknown as RefundRow;
    const upiRefund = { ...refund, method: 'upi', destination: 'asha@okaxis' } as RefundRow;
    const messages: OutgoingMessage[] = [
      verifyEmailMessage(store, { recipient: order.email, token: 't', minutes: 30 }, {}, hindiTexts),
      passwordChangedMessage(store, { email: order.email }, Date.now(), {}, hindiTexts),
      welcomeMessage(store, { email: order.email, first_name: 'Asha' }, {}, hindiTexts),
      registeredAgainMessage(store, { email: order.email }, {}, hindiTexts),
      refundMessage(store, order as OrderRow, refund, 'started', {}, hindiTexts),
      refundMessage(store, order as OrderRow, upiRefund, 'refunded', {}, hindiTexts),
      cartReminderMessage(
        store,
        order.email,
        [{ name: 'USB-C Hub', quantity: 2 }],
        'https://x.in/hi/cart',
        1,
        hindiTexts,
      ),
      cartReminderMessage(
        store,
        order.email,
        [{ name: 'USB-C Hub', quantity: 2 }],
        'https://x.in/hi/cart',
        2,
        hindiTexts,
      ),
    ];
    for (const kind of ['return', 'exchange'] as const)
      for (const status of ['approved', 'refused', 'received'] as const)
        messages.push(
          returnMessage(
            store,
            order as OrderRow,
            { id: 'R-7', kind, status, refusal_reason: 'Used item', refund_upi: null } as ReturnRow,
            49_900,
            {},
            hindiTexts,
          ),
        );
    for (const message of messages) {
      expectHindi(message, [
        'NK-1001',
        'R-7',
        'Asha Rao',
        'Asha',
        'USB-C Hub',
        'Damaged in transit',
        'Used item',
        'asha@okaxis',
        'rfnd_123',
      ]);
      for (const link of message.text.match(/https?:\/\/\S+/g) ?? [])
        expect(link).toMatch(/^https?:\/\/[^/]+\/hi(\/|$)/);
    }
  });

  it('has every text in both languages, each Hindi one written in Devanagari', () => {
    const sample = (value: unknown): string[] => {
      if (typeof value === 'string') return [value];
      if (typeof value === 'function') return [String(value('x1', 'x2', 'x3'))];
      if (value && typeof value === 'object') return Object.values(value).flatMap(sample);
      return [];
    };
    const keys = (value: object): string[] =>
      Object.entries(value).flatMap(([key, inner]) =>
        inner && typeof inner === 'object' ? keys(inner).map((k) => `${key}.${k}`) : [key],
      );
    expect(keys(MAIL_TEXTS.hi).sort()).toEqual(keys(MAIL_TEXTS.en).sort());
    const { pagePrefix: _prefix, ...texts } = MAIL_TEXTS.hi;
    for (const text of sample(texts).filter((text) => text !== 'undefined')) expect(text).toMatch(DEVANAGARI);
  });
});
