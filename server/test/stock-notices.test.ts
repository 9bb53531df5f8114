import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminProduct, productPath } from '@netkart/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/transaction.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { addStaff, adminClient } from './admin-harness.js';
import { storeCommand } from './cli/cli-harness.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { startSmtpPeer } from './smtp-peer.js';

const PORT = 8046;
const WISHES_PER_HOUR = 4;
const RECORDED = {
  message: 'Thank you. We will email you once when this product is back in stock, then forget your address.',
};

let shop: TestShop;
let admin: ReturnType<typeof adminClient>;
let scratch: string;

beforeAll(async () => {
  shop = await startShop({ rateLimits: { subscriptionsPerIp: WISHES_PER_HOUR }, messages: { port: PORT } });
  const { email, password } = await addStaff(shop, { role: 'catalogue' });
  admin = adminClient(shop.app);
  await admin.signIn(email, password);
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-notices-'));
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});
beforeEach(async () => {
  await shop.db.deleteFrom('outbox').execute();
});

let networks = 0;
/** Each wish from its own network address unless told, so the limit bites only where a test wants it. */
const nextNetwork = () => {
  networks += 1;
  return `198.51.100.${networks}`;
};
let emails = 0;
const newEmail = () => {
  emails += 1;
  return `waiting${emails}@example.in`;
};

const request = (options: InjectOptions) =>
  shop.app.inject({ ...options, headers: { host: `localhost:${PORT}`, ...options.headers } });

const notify = (productId: string, body: unknown, remoteAddress = nextNetwork()) =>
  request({
    method: 'POST',
    url: `/api/v1/products/${productId}/notify`,
    payload: body as InjectOptions['payload'],
    remoteAddress,
  });

async function product(stock: number, overrides: Record<string, unknown> = {}) {
  const answer = await admin.post('/admin/products', {
    product: {
      sku: `NM-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      title: 'Wi-Fi 6 USB Adapter',
      description: 'AX1800, dual band.',
      category: 'Wi-Fi Adapters',
      parentCategory: 'USB',
      regularPrice: 1999,
      discountedPrice: null,
      stock,
      hidden: false,
      images: [],
      attributes: [],
      ...overrides,
    },
  });
  expect(answer.statusCode).toBe(201);
  return AdminProduct.parse(answer.json());
}

async function setStock(id: string, stock: number) {
  const now = await shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  const answer = await admin.post(`/admin/products/${id}/stock`, { stock, stockSeen: now.stock });
  expect(answer.statusCode).toBe(200);
}

const sentTo = (email: string) =>
  shop.db.selectFrom('outbox').selectAll().where('recipient', '=', email).where('kind', '=', 'stock.back').execute();
const waitingFor = (productId: string) =>
  shop.db.selectFrom('stock_notices').select('email').where('product_id', '=', productId).execute();

describe('Notify me', () => {
  it('records a wish once per address, and refuses an in-stock, unknown or hidden product', async () => {
    const out = await product(0);
    const email = newEmail();
    for (let i = 0; i < 2; i += 1) {
      const answer = await notify(out.id, { email });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toEqual(RECORDED);
    }
    expect(await waitingFor(out.id)).toEqual([{ email }]);

    const inStock = await product(3);
    const refused = await notify(inStock.id, { email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'This product is in stock: you can add it to your cart now.' });
    expect(await waitingFor(inStock.id)).toEqual([]);

    expect((await notify('no-such-product', { email })).statusCode).toBe(404);
    const hidden = await product(0, { hidden: true });
    expect((await notify(hidden.id, { email })).statusCode).toBe(404);
  });

  it.each([
    ['no email', {}],
    ['not an email', { email: 'not-an-address' }],
    ['a number', { email: 42 }],
  ])('%s: 400 naming the email, nothing stored', async (_case, body) => {
    const out = await product(0);
    const answer = await notify(out.id, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'email' });
    expect(await waitingFor(out.id)).toEqual([]);
  });

  it('limits wishes per network address like newsletter sign-ups', async () => {
    const out = await product(0);
    const network = '192.0.2.77';
    for (let i = 0; i < WISHES_PER_HOUR; i += 1)
      expect((await notify(out.id, { email: newEmail() }, network)).statusCode).toBe(201);
    const refused = await notify(out.id, { email: newEmail() }, network);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await notify(out.id, { email: newEmail() })).statusCode).toBe(201);
  });

  it('emails each waiting address once when the back office restocks, over SMTP, then forgets it', async () => {
    const out = await product(0, { title: 'Mesh Router AX3000' });
    const [first, second] = [newEmail(), newEmail()];
    await notify(out.id, { email: first });
    await notify(out.id, { email: second });

    await setStock(out.id, 5);
    expect(await sentTo(first)).toHaveLength(1);
    expect(await sentTo(second)).toHaveLength(1);
    expect(await waitingFor(out.id)).toEqual([]);

    // 0 → 5 → 0 → 5: once per wish, not once per restock.
    await setStock(out.id, 0);
    await setStock(out.id, 5);
    expect(await sentTo(first)).toHaveLength(1);

    const peer = await startSmtpPeer();
    const sender = new MailSender(shop.services.outbox, shop.services.stores, {
      smtpUrl: peer.url,
      outboxDir: scratch,
    });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
      const mail = peer.received.find((received) => received.envelopeTo.includes(first));
      expect(mail?.subject).toContain('Back in stock: Mesh Router AX3000');
      expect(mail?.text).toContain(`http://localhost:${PORT}${productPath({ id: out.id, name: out.title })}`);
    } finally {
      sender.close();
      await peer.close();
    }
  });

  it('writes the email in the language of the page the wish was left from, or of a signed-in Hindi account', async () => {
    const out = await product(0, { title: 'Travel Router N300' });
    await shop.db.updateTable('products').set({ title_hi: 'ट्रैवल राउटर N300' }).where('id', '=', out.id).execute();
    const fromHindiPage = newEmail();
    const english = newEmail();
    // A signed-in shopper who reads the shop in Hindi, whose form sends no language.
    const hindiAccount = await signUp(shop.app);
    expect((await client(shop.app).post('/account/language', { language: 'hi' }, hindiAccount.token)).statusCode).toBe(
      200,
    );
    expect((await notify(out.id, { email: fromHindiPage, language: 'hi' })).statusCode).toBe(201);
    expect((await notify(out.id, { email: english, language: 'en' })).statusCode).toBe(201);
    const signedIn = await request({
      method: 'POST',
      url: `/api/v1/products/${out.id}/notify`,
      payload: { email: hindiAccount.email },
      headers: { authorization: `Bearer ${hindiAccount.token}` },
      remoteAddress: nextNetwork(),
    });
    expect(signedIn.statusCode).toBe(201);
    expect((await notify(out.id, { email: newEmail(), language: 'fr' })).statusCode).toBe(400);

    await setStock(out.id, 3);
    const peer = await startSmtpPeer();
    const sender = new MailSender(shop.services.outbox, shop.services.stores, {
      smtpUrl: peer.url,
      outboxDir: scratch,
    });
    try {
      await sender.runOnce();
      // The signed-in shopper's welcome went too: the product's email is the one naming it.
      const mailTo = (email: string) =>
        peer.received.find((received) => received.envelopeTo.includes(email) && received.text.includes('N300'));
      const link = productPath({ id: out.id, name: out.title });
      for (const email of [fromHindiPage, hindiAccount.email]) {
        const hindi = mailTo(email);
        expect(hindi?.subject).toBe('फिर से स्टॉक में: ट्रैवल राउटर N300');
        expect(hindi?.text).toContain('ट्रैवल राउटर N300 फिर से स्टॉक में है');
        expect(hindi?.text).toContain('इसके बारे में आपको यही एक ईमेल मिलेगा');
        // The Hindi page of the product, by its English name as the storefront's links.
        expect(hindi?.text).toContain(`http://localhost:${PORT}/hi${link}`);
        expect(hindi?.text).not.toContain('back in stock');
      }
      const inEnglish = mailTo(english);
      expect(inEnglish?.subject).toBe('Back in stock: Travel Router N300');
      expect(inEnglish?.text).toContain(
        'You asked us to tell you when Travel Router N300 was back. It is in stock now, while it lasts.',
      );
      expect(inEnglish?.text).toContain(`http://localhost:${PORT}${link}`);
      expect(inEnglish?.text).not.toContain('/hi/');
    } finally {
      sender.close();
      await peer.close();
    }
  });

  it('takes a second wish after the first was sent, and sends it at the next restock', async () => {
    const out = await product(0);
    const email = newEmail();
    await notify(out.id, { email });
    await setStock(out.id, 2);
    await setStock(out.id, 0);
    expect((await notify(out.id, { email })).statusCode).toBe(201);
    await setStock(out.id, 1);
    expect(await sentTo(email)).toHaveLength(2);
  });

  it('hears of stock raised by `store products stock` and by a catalogue import', async () => {
    const out = await product(0);
    const email = newEmail();
    await notify(out.id, { email });
    const cli = await storeCommand(shop, scratch)('products', 'stock', out.sku, '4');
    expect(cli.code).toBe(0);
    expect(await sentTo(email)).toHaveLength(1);

    const imported = await product(0, { title: 'Powerline Kit' });
    const other = newEmail();
    await notify(imported.id, { email: other });
    const row = await shop.services.catalog.getAny(shop.storeId, imported.id);
    if (!row) throw new Error('no product');
    await shop.services.catalog.importMany(shop.storeId, [
      {
        sku: row.sku,
        title: row.title,
        description: row.description,
        category: row.category,
        parentCategory: row.parent_category,
        gender: null,
        regularPrice: 1999,
        discountedPrice: null,
        stock: 7,
        hidden: false,
        images: [],
        attributes: [],
      },
    ]);
    expect(await sentTo(other)).toHaveLength(1);
  });

  it('writes nothing while the stock stays at 0 or the product is hidden', async () => {
    const out = await product(0);
    const email = newEmail();
    await notify(out.id, { email });
    await setStock(out.id, 0);
    const row = await shop.services.catalog.getAny(shop.storeId, out.id);
    if (!row) throw new Error('no product');
    await shop.services.catalog.updateBySku(shop.storeId, row.sku, { hidden: true, stock: 3 });
    expect(await sentTo(email)).toEqual([]);
    expect(await waitingFor(out.id)).toEqual([{ email }]);
    await shop.services.catalog.updateBySku(shop.storeId, row.sku, { hidden: false });
    expect(await sentTo(email)).toHaveLength(1);
  });

  it('hears of stock given back by a cancelled order', async () => {
    const last = await product(1, { title: 'Travel Router' });
    const shopper = await signUp(shop.app);
    const http = client(shop.app, { host: `localhost:${PORT}` });
    const placed = await http.post(
      '/orders',
      { lines: [{ productId: last.id, quantity: 1 }], shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode).toBe(201);
    const email = newEmail();
    expect((await notify(last.id, { email })).statusCode).toBe(201);

    const order = placed.json() as { id: string };
    const cancelled = await http.post(`/orders/${order.id}/cancel`, { reason: 'ordered-by-mistake' }, shopper.token);
    expect(cancelled.statusCode).toBe(200);
    expect(await sentTo(email)).toHaveLength(1);
    expect(await waitingFor(last.id)).toEqual([]);
  });

  it("forgets an erased account's waiting wishes", async () => {
    const out = await product(0);
    const shopper = await signUp(shop.app);
    expect((await notify(out.id, { email: shopper.email })).statusCode).toBe(201);
    const http = client(shop.app, { host: `localhost:${PORT}` });
    const erased = await http.delete('/account', { password: shopper.password }, shopper.token);
    expect(erased.statusCode).toBe(200);
    expect(await waitingFor(out.id)).toEqual([]);
  });

  it('hears of goods a received return puts back on the shelf', async () => {
    const out = await product(0);
    const email = newEmail();
    await notify(out.id, { email });
    await writeTransaction(shop.db, (trx) =>
      shop.services.catalog.restock(trx, shop.storeId, [{ productId: out.id, quantity: 1 }]),
    );
    expect(await sentTo(email)).toHaveLength(1);
  });
});
