import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContactResponse } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { startShop, type TestShop } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const MERCHANT = 'support@netkart.in';
const LIMIT = 3;

let shop: TestShop;
let peer: SmtpPeer;
let outboxDir: string;
let addresses = 0;

beforeAll(async () => {
  // Each test writes from its own network address (X-Forwarded-For), so only the limit's test meets the limit.
  shop = await startShop({ trustProxy: true, rateLimits: { contactMessagesPerIp: LIMIT } });
  peer = await startSmtpPeer();
  outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
});

afterAll(async () => {
  await peer.close();
  await shop.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await shop.db.deleteFrom('outbox').execute();
  peer.received.length = 0;
});

const newAddress = () => {
  addresses += 1;
  return `203.0.113.${addresses}`;
};

const aMessage = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: 'asha.rao@example.in',
  subject: 'GST invoice',
  message: 'Please send the GST invoice for my last order.\nIt was a USB-C hub.',
  ...overrides,
});

const post = (body: unknown, address = newAddress()) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers: { host: 'localhost:8044', 'x-forwarded-for': address },
    payload: body as Record<string, unknown>,
  });

async function send(overrides: Record<string, unknown> = {}) {
  const answer = await post(aMessage(overrides));
  expect(answer.statusCode).toBe(201);
  return ContactResponse.parse(answer.json()).ticket;
}

const numberOf = (ticket: string) => Number(ticket.slice(2));
const tickets = () => shop.db.selectFrom('tickets').selectAll().orderBy('number').execute();
const outboxRows = () => shop.db.selectFrom('outbox').selectAll().orderBy('kind').execute();

describe('a contact message becomes a ticket', () => {
  it('answers 201 with a T-number, one after the other, and keeps the message as an open ticket', async () => {
    const first = await send({ name: '  Asha Rao  ', subject: ' GST invoice ' });
    const second = await send();
    expect(first).toMatch(/^T-\d{6}$/);
    expect(numberOf(second)).toBe(numberOf(first) + 1);

    const stored = (await tickets()).find((row) => row.number === first);
    expect(stored).toMatchObject({
      store_id: shop.storeId,
      name: 'Asha Rao',
      email: 'asha.rao@example.in',
      subject: 'GST invoice',
      message: 'Please send the GST invoice for my last order.\nIt was a USB-C hub.',
      status: 'open',
    });
  });

  it('messages sent at the same moment get different numbers, with none skipped', async () => {
    const before = (await tickets()).length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(aMessage({ subject: `Order ${i}` }))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    const numbers = answers
      .map((answer) => numberOf(ContactResponse.parse(answer.json()).ticket))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
  });

  it('writes one email to the merchant, replying to the shopper, and one acknowledgement to the shopper', async () => {
    const ticket = await send({ subject: 'Warranty claim', message: 'The charger stopped working after a week.' });
    const rows = await outboxRows();
    expect(rows.map((row) => [row.kind, row.recipient])).toEqual([
      ['contact.received', 'asha.rao@example.in'],
      ['merchant.contact', MERCHANT],
    ]);
    const [toShopper, toMerchant] = rows;
    expect(JSON.parse(toMerchant?.headers_json ?? '{}')).toEqual({ 'Reply-To': 'asha.rao@example.in' });
    expect(toMerchant?.subject).toContain(ticket);
    expect(toMerchant?.text).toContain('Asha Rao <asha.rao@example.in>');
    expect(toMerchant?.text).toContain('The charger stopped working after a week.');
    expect(toShopper?.headers_json).toBeNull();
    expect(toShopper?.text).toContain(`Your ticket number is ${ticket}.`);
    expect(toShopper?.text).toContain('Thank you for writing to us, Asha Rao.');
    // The acknowledgement goes to whatever address was typed: it repeats none of the message.
    expect(toShopper?.text).not.toContain('Warranty claim');
    expect(toShopper?.text).not.toContain('The charger stopped working after a week.');
    expect(toShopper?.text).toContain('Monday to Saturday, 10AM-6PM');
  });

  it('delivers both emails over SMTP, the merchant’s with Reply-To the shopper', async () => {
    const ticket = await send({ email: 'ravi@example.in', name: 'Ravi Kumar', message: 'Do you ship to Leh?' });
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    } finally {
      sender.close();
    }
    const toMerchant = peer.received.find((mail) => mail.envelopeTo.includes(MERCHANT));
    const toShopper = peer.received.find((mail) => mail.envelopeTo.includes('ravi@example.in'));
    expect(toMerchant?.headers).toMatch(/^Reply-To: ravi@example\.in$/im);
    expect(toMerchant?.subject).toContain(ticket);
    expect(toMerchant?.text).toContain('Do you ship to Leh?');
    expect(toShopper?.headers).not.toMatch(/^Reply-To:/im);
    expect(toShopper?.subject).toContain(ticket);
    expect(toShopper?.text).toContain(`Your ticket number is ${ticket}.`);
    expect(toShopper?.text).not.toContain('Do you ship to Leh?');
    expect(toShopper?.html).not.toContain('Do you ship to Leh?');
  });

  it('sends a stranger none of an attacker’s words: no subject, no message, no link-like name', async () => {
    const attack = {
      email: 'victim@example.in',
      name: 'Win a prize at https://evil.example',
      subject: 'Your account is suspended',
      message: 'Verify your card at http://evil.example/login now.',
    };
    await send(attack);
    await send({ ...attack, name: `Ravi ${'K'.repeat(90)}` });
    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 4, retrying: 0, failed: 0 });
    } finally {
      sender.close();
    }
    const toVictim = peer.received.filter((mail) => mail.envelopeTo.includes('victim@example.in'));
    expect(toVictim).toHaveLength(2);
    for (const mail of toVictim) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain('evil.example');
        expect(part).not.toContain('suspended');
        expect(part).not.toContain('Verify your card');
      }
    }
    const texts = toVictim.map((mail) => mail.text).join('\n');
    expect(texts).toContain('Thank you for writing to us.');
    // A long name is cut to 60 characters.
    expect(texts).toContain(`Thank you for writing to us, Ravi ${'K'.repeat(55)}.`);
    expect(texts).not.toContain('K'.repeat(56));
  });
});

describe('what the contact form refuses', () => {
  it.each([
    ['name', { name: undefined }, 'Name is required.'],
    ['name', { name: '   ' }, 'Name is required.'],
    ['name', { name: 'A'.repeat(101) }, 'Name can be at most 100 characters.'],
    ['email', { email: '' }, 'Email is required.'],
    ['email', { email: 'asha@' }, 'Please enter a valid email address.'],
    ['email', { email: `${'a'.repeat(250)}@example.in` }, 'Email can be at most 254 characters.'],
    ['subject', { subject: undefined }, 'Subject is required.'],
    ['subject', { subject: 'S'.repeat(151) }, 'Subject can be at most 150 characters.'],
    ['message', { message: ' \n ' }, 'Message is required.'],
    ['message', { message: 'M'.repeat(5001) }, 'Message can be at most 5000 characters.'],
  ])('%s: %j → %s', async (field, overrides, error) => {
    const before = (await tickets()).length;
    const answer = await post(aMessage(overrides));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error, field });
    expect(await tickets()).toHaveLength(before);
    expect(await outboxRows()).toEqual([]);
  });

  it('takes the longest message allowed', async () => {
    await send({ message: 'M'.repeat(5000), name: 'N'.repeat(100), subject: 'S'.repeat(150) });
  });

  it('refuses a line break in the name or subject, which would add mail headers', async () => {
    const before = (await tickets()).length;
    const name = await post(aMessage({ name: 'Asha\r\nBcc: everyone@example.com' }));
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({ error: 'Name must be on one line.', field: 'name' });
    const subject = await post(aMessage({ subject: 'Hello\nBcc: everyone@example.com' }));
    expect(subject.json()).toEqual({ error: 'Subject must be on one line.', field: 'subject' });
    const email = await post(aMessage({ email: 'asha@example.in\r\nBcc: everyone@example.com' }));
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ field: 'email' });
    expect(await tickets()).toHaveLength(before);
    expect(await outboxRows()).toEqual([]);
  });

  it(`turns away the ${LIMIT + 1}th message in an hour from one network with 429 and Retry-After`, async () => {
    const address = newAddress();
    for (let i = 0; i < LIMIT; i += 1) expect((await post(aMessage(), address)).statusCode).toBe(201);
    const before = (await tickets()).length;
    const refused = await post(aMessage(), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(
      /^Too many messages from this network\. Please try again in \d+ minute\(s\)\.$/,
    );
    expect(await tickets()).toHaveLength(before);
    // Another network is not held back.
    expect((await post(aMessage())).statusCode).toBe(201);
  });
});
