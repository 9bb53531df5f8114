import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OrderStatus } from '@netkart/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { HOUSEKEEPING_JOBS } from '../src/housekeeping.js';
import { OrderMail } from '../src/modules/messages/order-mail.js';
import { CLAIM_MS, GIVE_UP_AFTER_MS, Outbox, oneLine, retryDelayMs } from '../src/modules/messages/outbox.js';
import { MailSender, startMailSender, withoutAddresses } from '../src/modules/messages/sender.js';
import { DEFAULT_ORDER_POLICY, OrderService } from '../src/modules/orders/service.js';
import { StoreService } from '../src/modules/stores/service.js';
import { formatInr } from '../src/shared/money.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const MERCHANT = 'support@netkart.in';

let shop: TestShop;
let peer: SmtpPeer;
let shopper: { email: string; token: string };
let outboxDir: string;
const senders: MailSender[] = [];

beforeAll(async () => {
  shop = await startShop();
  peer = await startSmtpPeer();
  shopper = await signUp(shop.app);
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
});

afterAll(async () => {
  for (const sender of senders) sender.close();
  await peer.close();
  await shop.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await shop.db.deleteFrom('outbox').execute();
  peer.received.length = 0;
  peer.refusing = false;
});

afterEach(() => {
  for (const sender of senders.splice(0)) sender.close();
});

/** A sender of this shop's outbox, to the test SMTP server unless told otherwise. */
function sender(options: { smtpUrl?: string | null; outbox?: Outbox; stores?: StoreService; batch?: number } = {}) {
  const made = new MailSender(options.outbox ?? shop.services.outbox, options.stores ?? shop.services.stores, {
    ...(options.smtpUrl === null ? {} : { smtpUrl: options.smtpUrl ?? peer.url }),
    outboxDir,
  });
  senders.push(made);
  return made;
}

async function placeOrder(quantity = 1) {
  const [product] = await orderableProducts(shop.app);
  if (!product) throw new Error('no orderable product');
  const response = await client(shop.app).post(
    '/orders',
    { lines: [{ productId: product.id, quantity }], shippingAddress: validAddress },
    shopper.token,
  );
  return { response, product };
}

async function placed() {
  const { response, product } = await placeOrder();
  expect(response.statusCode).toBe(201);
  return { order: response.json() as { id: string; total: number }, product };
}

const outboxRows = () => shop.db.selectFrom('outbox').selectAll().orderBy('kind').execute();

describe('the outbox is written with the order', () => {
  it('placing an order writes exactly the shopper’s and the merchant’s messages', async () => {
    const { order } = await placed();
    const rows = await outboxRows();
    expect(rows.map((row) => [row.kind, row.recipient, row.status, row.attempts])).toEqual([
      ['merchant.order.placed', MERCHANT, 'pending', 0],
      ['order.placed', shopper.email, 'pending', 0],
    ]);
    expect(rows.every((row) => row.subject.includes(order.id))).toBe(true);
  });

  it('an order refused for stock writes none', async () => {
    const { response } = await placeOrder(1_000_000);
    expect(response.statusCode).toBe(400);
    expect(await outboxRows()).toEqual([]);
  });

  it('the message and the order commit or roll back together', async () => {
    const outbox = new Outbox(shop.db);
    const mail = new OrderMail(outbox, shop.services.stores);
    // The message is written, then something later in the same transaction fails.
    const failing = new OrderService(
      shop.db,
      { ...DEFAULT_ORDER_POLICY, maxOpenOrders: 1000 },
      {
        onChange: async (trx, change) => {
          await mail.orderChanged(trx, change);
          throw new Error('the disk is full');
        },
      },
    );
    const user = await shop.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', shopper.email)
      .executeTakeFirstOrThrow();
    const [product] = await orderableProducts(shop.app);
    if (!product) throw new Error('no orderable product');
    const before = await shop.db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(
      failing.create(
        shop.storeId,
        user,
        {
          lines: [{ productId: product.id, quantity: 1, size: undefined, color: undefined }],
          shippingAddress: validAddress,
        },
        { paymentProvider: 'none', clientAddress: '203.0.113.9' },
      ),
    ).rejects.toThrow('the disk is full');
    const after = await shop.db.selectFrom('orders').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await outboxRows()).toEqual([]);
  });
});

describe('the sender delivers over SMTP', () => {
  it('one pass delivers the order’s messages with its id, items and ₹ total', async () => {
    const { order, product } = await placed();
    const result = await sender().runOnce();
    expect(result).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(peer.received.map((mail) => mail.envelopeTo).sort()).toEqual([[MERCHANT], [shopper.email]].sort());

    const toShopper = peer.received.find((mail) => mail.envelopeTo[0] === shopper.email);
    if (!toShopper) throw new Error('no message to the shopper');
    const total = formatInr(order.total);
    expect(total).toMatch(/^₹[\d,]+(\.\d+)?$/);
    expect(toShopper.subject).toBe(`Order ${order.id} placed | NetKart`);
    expect(toShopper.from).toContain(MERCHANT);
    expect(toShopper.text).toContain(order.id);
    expect(toShopper.text).toContain(`1 × ${product.title}`);
    expect(toShopper.text).toContain(`Total: ${total}`);
    expect(toShopper.text).toContain(validAddress.address);
    expect(toShopper.text).toContain(`/track-order?id=${order.id}`);
    expect(toShopper.text).toContain('http://localhost');
    expect(toShopper.html).toMatch(/<h1[^>]*>NetKart<\/h1>/);
    expect(toShopper.html).toContain('background:#4338ca'); // the storefront's brand colour
    expect(toShopper.html).toContain(total);

    const toMerchant = peer.received.find((mail) => mail.envelopeTo[0] === MERCHANT);
    expect(toMerchant?.subject).toBe(`New order ${order.id}: ${total} | NetKart`);
    expect(toMerchant?.text).toContain('Next:');

    const rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts, row.claimed_by])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    // Sent is sent: another pass sends nothing again.
    expect(await sender().runOnce(Date.now() + 86_400_000)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(2);
  });

  it('a refusing server leaves the order placed and the message pending; later it is delivered once', async () => {
    peer.refusing = true;
    await placed();
    const now = Date.now();
    expect(await sender().runOnce(now)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    let rows = await outboxRows();
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(Date.parse(row.next_attempt_at)).toBe(now + 60_000);
      expect(row.last_error).toMatch(/451|Try again later/);
    }

    peer.refusing = false;
    // Not due yet: nothing is sent.
    expect(await sender().runOnce(now + 30_000)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    const due = sender();
    expect(await due.runOnce(now + 61_000)).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await due.runOnce(now + 3_600_000)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(peer.received).toHaveLength(2);
    rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['sent', 2, null],
      ['sent', 2, null],
    ]);
  });

  it('a server that is not there at all: retried later, with the attempts counted', async () => {
    const gone = await startSmtpPeer();
    await gone.close();
    await placed();
    const now = Date.now();
    expect(await sender({ smtpUrl: gone.url }).runOnce(now)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    expect(await sender({ smtpUrl: gone.url }).runOnce(now + 60_000)).toEqual({ sent: 0, retrying: 2, failed: 0 });
    const rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts, row.next_attempt_at])).toEqual([
      ['pending', 2, new Date(now + 60_000 + 120_000).toISOString()],
      ['pending', 2, new Date(now + 60_000 + 120_000).toISOString()],
    ]);
    expect(rows[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('backs off 1, 2, 4 … minutes, at most an hour, and gives up a day after the message was written', async () => {
    expect([1, 2, 3, 4, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 32, 60, 60, 60,
    ]);
    peer.refusing = true;
    await placed();
    const created = Date.parse((await outboxRows())[0]?.created_at ?? '');
    expect(await sender().runOnce(created + GIVE_UP_AFTER_MS + 1)).toEqual({ sent: 0, retrying: 0, failed: 2 });
    const rows = await outboxRows();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(rows[0]?.last_error).toMatch(/Try again later/);
    // A failed message is not tried again by itself.
    peer.refusing = false;
    expect(await sender().runOnce(created + 2 * GIVE_UP_AFTER_MS)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('two senders on one database at once deliver each message once', async () => {
    for (let i = 0; i < 4; i += 1) await placed();
    const second = openDatabase(shop.target);
    try {
      const otherOutbox = new Outbox(second.db);
      const otherStores = new StoreService(second.db);
      // One message claimed at a time, so the three take turns over the same rows.
      const results = await Promise.all([
        sender({ batch: 1 }).runOnce(),
        sender({ outbox: otherOutbox, stores: otherStores, batch: 1 }).runOnce(),
        sender({ batch: 1 }).runOnce(),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(8);
    } finally {
      await second.db.destroy();
    }
    const ids = peer.received.map((mail) => /^X-Outbox-Id:\s*(\S+)/im.exec(mail.headers)?.[1]);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    expect((await outboxRows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a claimed message is not claimed again until its claim runs out', async () => {
    for (let i = 0; i < 3; i += 1) await placed();
    const second = openDatabase(shop.target);
    try {
      const now = Date.now();
      const [a, b] = await Promise.all([
        shop.services.outbox.claimDue('a', now, 4),
        new Outbox(second.db).claimDue('b', now, 4),
      ]);
      const ids = [...(a ?? []), ...(b ?? [])].map((row) => row.id);
      expect(ids).toHaveLength(new Set(ids).size);
      expect(await shop.services.outbox.claimDue('c', now + 60_000, 10)).toHaveLength(6 - ids.length);
      // A sender that died holding its claim: the messages are due again once the claim runs out.
      expect(await shop.services.outbox.claimDue('d', now + 60_000, 10)).toHaveLength(0);
      expect(await shop.services.outbox.claimDue('d', now + 60_000 + CLAIM_MS + 1, 10)).toHaveLength(6);
    } finally {
      await second.db.destroy();
    }
  });

  it('the server’s sender sends at start and as soon as a message is written, and stops after the message in hand', async () => {
    await placed();
    const logged: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_data: object, message: string) => logged.push(message) };
    const received = async (count: number) => {
      for (let waited = 0; peer.received.length < count && waited < 3000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return peer.received.length;
    };
    const stop = startMailSender(sender(), log, 60_000);
    expect(await received(2)).toBe(2);
    // A message written meanwhile is sent within a moment, not at the next pass a minute later.
    await placed();
    expect(await received(4)).toBe(4);
    await stop();
    expect(logged).toEqual([]);

    // Stopped with messages claimed but not sent: they are free again at once, not held for minutes.
    await placed();
    const stopping = sender();
    const pass = stopping.runOnce();
    stopping.stop();
    expect(await pass).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const waiting = (await outboxRows()).filter((row) => row.status === 'pending');
    expect(waiting.map((row) => [row.attempts, row.claimed_by, row.claimed_until])).toEqual([
      [0, null, null],
      [0, null, null],
    ]);
    expect(await sender().runOnce()).toMatchObject({ sent: 2 });
  });

  it('sent emails are deleted by housekeeping after 90 days; waiting and failed ones are kept', async () => {
    await placed();
    await sender().runOnce();
    await placed();
    const job = HOUSEKEEPING_JOBS.find((candidate) => candidate.name === 'purge old sent emails');
    if (!job) throw new Error('no purge job');
    expect(await job.run(shop.services, Date.now() + 89 * 86_400_000)).toBeUndefined();
    expect(await job.run(shop.services, Date.now() + 91 * 86_400_000)).toBe(
      'deleted 2 email(s) sent more than 90 days ago',
    );
    expect((await outboxRows()).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('without SMTP_URL each message is written as an .eml file in the outbox folder', async () => {
    const { order } = await placed();
    const before = new Set(fs.readdirSync(outboxDir));
    expect(await sender({ smtpUrl: null }).runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const files = fs.readdirSync(outboxDir).filter((file) => !before.has(file));
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const subjects = files.map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8'));
    expect(subjects.some((raw) => raw.includes(`Order ${order.id} placed`))).toBe(true);
    expect((await outboxRows()).every((row) => row.status === 'sent')).toBe(true);
  });
});

describe('each status move sends its message', () => {
  it('paid, shipped, delivered', async () => {
    const { order } = await placed();
    await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
      provider: 'upi',
      reference: String(Date.now()).slice(-12).padStart(12, '4'),
    });
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Shipped, {
      shipment: { courier: 'Delhivery', trackingNumber: 'DL123456789IN', trackingUrl: 'https://track.example/DL1' },
    });
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered);
    expect((await outboxRows()).map((row) => row.kind)).toEqual([
      'merchant.order.placed',
      'order.delivered',
      'order.paid',
      'order.placed',
      'order.shipped',
    ]);
    expect(await sender().runOnce()).toMatchObject({ sent: 5 });
    const bySubject = (start: string) => peer.received.find((mail) => mail.subject.startsWith(start));
    expect(bySubject('Payment received')?.text).toContain(`payment of ${formatInr(order.total)}`);
    const shipped = bySubject(`Order ${order.id} has shipped`);
    expect(shipped?.text).toContain('Courier: Delhivery');
    expect(shipped?.text).toContain('Tracking number: DL123456789IN');
    expect(shipped?.text).toContain('https://track.example/DL1');
    expect(bySubject(`Order ${order.id} delivered`)?.envelopeTo).toEqual([shopper.email]);
  });

  it('cancelled: the reason, and whether the money goes back', async () => {
    const unpaid = (await placed()).order;
    await shop.services.orders.move(shop.storeId, unpaid.id, OrderStatus.Cancelled, { cancelReason: 'Out of stock' });
    const paid = (await placed()).order;
    await shop.services.payments.recordManualPayment(shop.storeId, paid.id, {
      provider: 'upi',
      reference: String(Date.now() + 7)
        .slice(-12)
        .padStart(12, '5'),
    });
    await shop.services.orders.move(shop.storeId, paid.id, OrderStatus.Cancelled, {
      cancelReason: 'Asked by the shopper',
    });
    await sender().runOnce();
    const cancelled = (id: string) => peer.received.find((mail) => mail.subject.startsWith(`Order ${id} cancelled`));
    expect(cancelled(unpaid.id)?.text).toContain('has been cancelled: Out of stock');
    expect(cancelled(unpaid.id)?.text).toContain('No payment was taken');
    expect(cancelled(paid.id)?.text).toContain('has been cancelled: Asked by the shopper');
    expect(cancelled(paid.id)?.text).toContain(
      `Your payment of ${formatInr(paid.total)} will be refunded to the original payment method.`,
    );
  });

  it('a move refused by the state machine writes no message', async () => {
    const { order } = await placed();
    await shop.db.deleteFrom('outbox').execute();
    await expect(shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered)).rejects.toThrow();
    expect(await outboxRows()).toEqual([]);
  });
});

describe('header injection', () => {
  it('a mail server’s error is logged without the addresses it quotes', () => {
    expect(withoutAddresses('550 5.1.1 <asha.rao@example.in>: Recipient address rejected')).toBe(
      '550 5.1.1 <<address>>: Recipient address rejected',
    );
  });

  it('a newline in a header value never starts a header of its own', () => {
    expect(oneLine('NetKart\r\nBcc: victim@example.com')).toBe('NetKart Bcc: victim@example.com');
    expect(oneLine('a\n\nb\rc')).toBe('a b c');
  });

  it('a store name with CR/LF reaches no one else and adds no header', async () => {
    const store = await shop.services.stores.byId(shop.storeId);
    if (!store) throw new Error('no store');
    await shop.db
      .updateTable('stores')
      .set({ store_name: 'NetKart\r\nBcc: victim@example.com\r\nX-Evil: 1' })
      .where('id', '=', store.id)
      .execute();
    try {
      await placed();
      expect(await sender().runOnce()).toMatchObject({ sent: 2 });
    } finally {
      await shop.db.updateTable('stores').set({ store_name: store.store_name }).where('id', '=', store.id).execute();
    }
    expect(peer.received.flatMap((mail) => mail.envelopeTo).sort()).toEqual([MERCHANT, shopper.email].sort());
    for (const mail of peer.received) {
      expect(mail.headers).not.toMatch(/^(Bcc|X-Evil):/im);
      expect(mail.subject).toContain('NetKart Bcc: victim@example.com X-Evil: 1');
      expect(mail.from).not.toMatch(/[\r\n]/);
    }
  });
});

describe('mail settings', () => {
  it('reads SMTP_URL as an smtp(s) URL, MAIL_FROM and NOTIFY_EMAIL; none set writes files in DATA_DIR/outbox', () => {
    const unset = readConfig({ DATA_DIR: '/srv/shop/data' }).mail;
    expect(unset).toEqual({
      smtpUrl: undefined,
      mailFrom: undefined,
      notifyEmail: undefined,
      outboxDir: path.join('/srv/shop/data', 'outbox'),
    });
    expect(
      readConfig({
        SMTP_URL: 'smtps://shop:secret@smtp.example.in:465',
        MAIL_FROM: 'NetKart <orders@netkart.in>',
        NOTIFY_EMAIL: 'owner@netkart.in',
      }).mail,
    ).toMatchObject({
      smtpUrl: 'smtps://shop:secret@smtp.example.in:465',
      mailFrom: 'NetKart <orders@netkart.in>',
      notifyEmail: 'owner@netkart.in',
    });
    expect(readConfig({ SMTP_URL: '', NOTIFY_EMAIL: '' }).mail.smtpUrl).toBeUndefined();
    expect(() => readConfig({ SMTP_URL: 'http://smtp.example.in' })).toThrow(/SMTP_URL/);
    expect(() => readConfig({ NOTIFY_EMAIL: 'owner' })).toThrow(/NOTIFY_EMAIL/);
  });

  it('NOTIFY_EMAIL takes the new-order emails instead of the store email', async () => {
    const other = await startShop({ messages: { notifyEmail: 'owner@netkart.in', port: 8044 } });
    try {
      const buyer = await signUp(other.app);
      const [product] = await orderableProducts(other.app);
      const response = await client(other.app).post(
        '/orders',
        { lines: [{ productId: product?.id, quantity: 1 }], shippingAddress: validAddress },
        buyer.token,
      );
      expect(response.statusCode).toBe(201);
      const rows = await other.db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', 'in', ['merchant.order.placed', 'order.placed'])
        .orderBy('kind')
        .execute();
      expect(rows.map((row) => row.recipient)).toEqual(['owner@netkart.in', buyer.email]);
      expect(rows[1]?.text).toContain('http://localhost:8044/orders');
    } finally {
      await other.close();
    }
  });
});
