import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { headersOf, Outbox, type OutgoingMessage } from '../src/modules/messages/outbox.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { NewsletterService } from '../src/modules/newsletter/service.js';
import { storeCommand } from './cli/cli-harness.js';
import { startShop, type TestShop } from './harness.js';
import { startSmtpPeer } from './smtp-peer.js';

const CONSENT = 'We will email you offers and new products. Unsubscribe at any time from the link in every email.';
const THANK_YOU = { message: 'Thank you for subscribing to our newsletter.' };
const SIGN_UPS_PER_HOUR = 3;
const PORT = 8044;

let shop: TestShop;
let scratch: string;

beforeAll(async () => {
  shop = await startShop({ rateLimits: { subscriptionsPerIp: SIGN_UPS_PER_HOUR }, messages: { port: PORT } });
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-newsletter-'));
});

afterAll(async () => {
  await shop.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

beforeEach(async () => {
  await shop.db.deleteFrom('outbox').execute();
});

let addresses = 0;
/** Each sign-up comes from its own network address unless told, so the rate limit only bites where a test wants it. */
const nextAddress = () => {
  addresses += 1;
  return `203.0.113.${addresses}`;
};
let emails = 0;
const newEmail = () => {
  emails += 1;
  return `reader${emails}@example.in`;
};

const request = (options: InjectOptions) =>
  shop.app.inject({ ...options, headers: { host: `localhost:${PORT}`, ...options.headers } });

const subscribe = (body: unknown, remoteAddress = nextAddress()) =>
  request({ method: 'POST', url: '/api/v1/newsletter', payload: body as InjectOptions['payload'], remoteAddress });

async function subscribed(email = newEmail()) {
  const response = await subscribe({ email, consentText: CONSENT });
  expect(response.statusCode).toBe(201);
  return email;
}

const subscriberOf = (email: string) =>
  shop.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

const messagesTo = (email: string) =>
  shop.db.selectFrom('outbox').selectAll().where('recipient', '=', email).orderBy('created_at').execute();

/** The unsubscribe link of the (only) email sent to this address. */
async function linkSentTo(email: string): Promise<string> {
  const [message] = await messagesTo(email);
  const link = /http:\/\/localhost:8044\/api\/v1\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(
    message?.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no unsubscribe link in the email to ${email}`);
  return link;
}

/** Follows an emailed link as a mail client or browser would. */
const follow = (link: string, options: Omit<InjectOptions, 'url'> = {}) => {
  const url = new URL(link);
  return request({ method: 'GET', ...options, url: `${url.pathname}${url.search}` });
};

describe('signing up', () => {
  it("records the address, lower-cased and trimmed, with the notice the shopper saw, and answers the spec's thank-you", async () => {
    const response = await subscribe({ email: '  Asha.Rao@Example.IN ', consentText: CONSENT });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual(THANK_YOU);

    const row = await subscriberOf('asha.rao@example.in');
    expect(row.consent_text).toBe(CONSENT);
    expect(row.store_id).toBe(shop.storeId);
    expect(row.withdrawn_at).toBeNull();
    // 32 random bytes, base64url.
    expect(row.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(row.subscribed_at)).not.toBeNaN();
  });

  it('emails a confirmation with the one-click unsubscribe link in its text and HTML, and the RFC 8058 headers', async () => {
    const email = await subscribed();
    const { unsubscribe_token: token } = await subscriberOf(email);
    const link = `http://localhost:${PORT}/api/v1/newsletter/unsubscribe?token=${token}`;

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ kind: 'newsletter.subscribed', status: 'pending', store_id: shop.storeId });
    expect(message?.subject).toBe('You are subscribed to the NetKart newsletter');
    expect(message?.text).toContain('Thank you for subscribing to our newsletter.');
    expect(message?.text).toContain(CONSENT);
    expect(message?.text).toContain(`Unsubscribe: ${link}`);
    expect(message?.html).toContain(`href="${link}"`);
    expect(message ? headersOf(message) : {}).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('delivers the confirmation through a real mail server with both List-Unsubscribe headers', async () => {
    const email = await subscribed();
    const link = await linkSentTo(email);
    const peer = await startSmtpPeer();
    const sender = new MailSender(shop.services.outbox, shop.services.stores, {
      smtpUrl: peer.url,
      outboxDir: scratch,
    });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
      const [received] = peer.received;
      expect(received?.envelopeTo).toEqual([email]);
      expect(received?.headers).toMatch(new RegExp(`^List-Unsubscribe: <${link.replace(/[.?]/g, '\\$&')}>$`, 'm'));
      expect(received?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(received?.text).toContain(link);
      expect(received?.html).toContain(link);
    } finally {
      sender.close();
      await peer.close();
    }
  });

  it('a second sign-up of a subscribed address answers the same and sends nothing new; the first consent and link stay', async () => {
    const email = await subscribed();
    const first = await subscriberOf(email);

    const again = await subscribe({ email: email.toUpperCase(), consentText: 'Another notice' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(THANK_YOU);
    expect(await messagesTo(email)).toHaveLength(1);
    expect(await subscriberOf(email)).toEqual(first);
  });

  it('writes the subscriber and its email in one transaction: no subscriber without the confirmation', async () => {
    const failing = new (class extends Outbox {
      override async enqueue(_trx: unknown, _message: OutgoingMessage): Promise<string> {
        throw new Error('the disk is full');
      }
    })(shop.db);
    const store = await shop.services.stores.defaultStore();
    if (!store) throw new Error('no store');
    const email = newEmail();
    await expect(
      new NewsletterService(shop.db, failing).subscribe(store, { email, consentText: CONSENT }),
    ).rejects.toThrow('the disk is full');
    expect(await shop.db.selectFrom('subscribers').select('id').where('email', '=', email).execute()).toEqual([]);
  });
});

describe('refused sign-ups', () => {
  const refusals: [string, unknown, { error: string; field?: string }][] = [
    ['no email', { consentText: CONSENT }, { error: 'Email is required.', field: 'email' }],
    [
      'an email that is no address',
      { email: 'asha@', consentText: CONSENT },
      { error: 'Invalid email address', field: 'email' },
    ],
    [
      'no consent text',
      { email: 'no-consent@example.in' },
      { error: 'Consent text is required.', field: 'consentText' },
    ],
    [
      'a blank consent text',
      { email: 'blank-consent@example.in', consentText: '   ' },
      { error: 'Consent text is required.', field: 'consentText' },
    ],
    [
      'a consent text over 500 characters',
      { email: 'long-consent@example.in', consentText: 'x'.repeat(501) },
      { error: 'Consent text must be at most 500 characters.', field: 'consentText' },
    ],
    ['a body that is no object', ['asha@example.in'], { error: 'Request body must be a JSON object.' }],
  ];

  it.each(refusals)('%s: 400 naming the field, nothing stored, nothing sent', async (_case, body, answer) => {
    const response = await subscribe(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(answer);
  });

  it('nothing of the refused sign-ups was stored or sent', async () => {
    for (const [, body] of refusals) await subscribe(body);
    const stored = await shop.db
      .selectFrom('subscribers')
      .select('email')
      .where('email', 'in', ['no-consent@example.in', 'blank-consent@example.in', 'long-consent@example.in'])
      .execute();
    expect(stored).toEqual([]);
    expect(await shop.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it('takes a 500-character notice whole', async () => {
    const email = newEmail();
    const notice = `${'ऑफ़र '.repeat(99)}ends`;
    expect(notice.length).toBeLessThanOrEqual(500);
    expect((await subscribe({ email, consentText: notice })).statusCode).toBe(201);
    expect((await subscriberOf(email)).consent_text).toBe(notice);
  });

  it(`answers 429 with Retry-After after ${SIGN_UPS_PER_HOUR} sign-ups an hour from one network address`, async () => {
    const address = nextAddress();
    for (let i = 0; i < SIGN_UPS_PER_HOUR; i += 1) {
      expect((await subscribe({ email: newEmail(), consentText: CONSENT }, address)).statusCode).toBe(201);
    }
    const email = newEmail();
    const refused = await subscribe({ email, consentText: CONSENT }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(
        /^Too many newsletter sign-ups from this network\. Please try again in \d+ minute\(s\)\.$/,
      ),
    });
    expect(await shop.db.selectFrom('subscribers').select('id').where('email', '=', email).execute()).toEqual([]);
    // Another network is not held back.
    expect((await subscribe({ email, consentText: CONSENT })).statusCode).toBe(201);
  });
});

describe('unsubscribing', () => {
  it('opening the link shows a page with a button, and changes nothing', async () => {
    const email = await subscribed();
    const link = await linkSentTo(email);
    for (const method of ['GET', 'HEAD'] as const) {
      const page = await follow(link, { method });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
    }
    const page = await follow(link);
    expect(page.body).toContain('Unsubscribe from our newsletter?');
    expect(page.body).toContain(email);
    const { search } = new URL(link);
    expect(page.body).toContain(
      `<form method="post" action="/api/v1/newsletter/unsubscribe${search}"><div class="actions"><button type="submit" class="primary">Unsubscribe</button>`,
    );
    expect((await subscriberOf(email)).withdrawn_at).toBeNull();
  });

  it("the mail client's one-click POST (List-Unsubscribe=One-Click) unsubscribes; a second time is still unsubscribed", async () => {
    const email = await subscribed();
    const link = await linkSentTo(email);
    const oneClick = () =>
      follow(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });

    const done = await oneClick();
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.body).toContain('<h1>You have been unsubscribed.</h1>');
    const withdrawnAt = (await subscriberOf(email)).withdrawn_at;
    expect(withdrawnAt).not.toBeNull();

    const again = await oneClick();
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('You have been unsubscribed.');
    expect((await subscriberOf(email)).withdrawn_at).toBe(withdrawnAt);
    // The link now says so too, and still changes nothing.
    expect((await follow(link)).body).toContain('You have been unsubscribed.');
  });

  it('the one-click POST as multipart/form-data (what RFC 8058 prefers) unsubscribes too', async () => {
    const email = await subscribed();
    const boundary = 'one-click-boundary';
    const done = await follow(await linkSentTo(email), {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You have been unsubscribed.');
    expect((await subscriberOf(email)).withdrawn_at).not.toBeNull();
  });

  it("the page's button (an empty form post to its action) unsubscribes", async () => {
    const email = await subscribed();
    const page = await follow(await linkSentTo(email));
    const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
    if (!action) throw new Error('no form on the page');
    const done = await request({
      method: 'POST',
      url: action.replace(/&amp;/g, '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You have been unsubscribed.');
    expect((await subscriberOf(email)).withdrawn_at).not.toBeNull();
  });

  it('an unknown, missing or mangled token gets a 404 page that says what to do', async () => {
    const email = await subscribed();
    const { unsubscribe_token: token } = await subscriberOf(email);
    for (const url of [
      '/api/v1/newsletter/unsubscribe?token=not-a-token-of-ours',
      '/api/v1/newsletter/unsubscribe',
      '/api/v1/newsletter/unsubscribe?token=',
      `/api/v1/newsletter/unsubscribe?token=${token}&token=${token}`,
      `/api/v1/newsletter/unsubscribe?token=${'x'.repeat(5000)}`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await request({ method, url });
        expect(response.statusCode, `${method} ${url.slice(0, 80)}`).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('We do not know this unsubscribe link');
        expect(response.body).toContain('mailto:support@netkart.in');
      }
    }
    expect((await subscriberOf(email)).withdrawn_at).toBeNull();
  });

  it('a withdrawn address can subscribe again: the new consent, a fresh link, a new email; the old link is dead', async () => {
    const email = await subscribed();
    const oldLink = await linkSentTo(email);
    expect((await follow(oldLink, { method: 'POST' })).statusCode).toBe(200);
    const before = await subscriberOf(email);

    const newNotice = 'We will email you offers. Unsubscribe from the link in every email.';
    const again = await subscribe({ email, consentText: newNotice });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(THANK_YOU);

    const after = await subscriberOf(email);
    expect(after.id).toBe(before.id);
    expect(after.withdrawn_at).toBeNull();
    expect(after.consent_text).toBe(newNotice);
    expect(after.unsubscribe_token).not.toBe(before.unsubscribe_token);
    expect(after.subscribed_at >= before.subscribed_at).toBe(true);

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(2);
    expect(messages[1]?.text).toContain(`token=${after.unsubscribe_token}`);
    expect(messages[1]?.text).toContain(newNotice);
    expect((await follow(oldLink)).statusCode).toBe(404);
    expect((await follow(oldLink, { method: 'POST' })).statusCode).toBe(404);
    expect((await subscriberOf(email)).withdrawn_at).toBeNull();
  });
});

describe('the merchant’s export', () => {
  it('lists the subscribed addresses with when and what they agreed to, never those who unsubscribed', async () => {
    const staying = await subscribed();
    const leaving = await subscribed();
    expect((await follow(await linkSentTo(leaving), { method: 'POST' })).statusCode).toBe(200);

    const exported = await storeCommand(shop, scratch)('subscribers', 'export');
    expect(exported.code).toBe(0);
    const rows = parseCsv(exported.stdout, { bom: true, columns: true }) as Record<string, string>[];
    const emailsListed = rows.map((row) => row.email);
    expect(emailsListed).toContain(staying);
    expect(emailsListed).not.toContain(leaving);
    const all = await shop.db.selectFrom('subscribers').selectAll().where('withdrawn_at', 'is', null).execute();
    expect(emailsListed.sort()).toEqual(all.map((row) => row.email).sort());
    const row = await subscriberOf(staying);
    expect(rows.find((listed) => listed.email === staying)).toEqual({
      email: staying,
      subscribedAt: row.subscribed_at,
      consentText: CONSENT,
    });
  });

  it('reads the list a batch at a time, each address once, in the order they subscribed', async () => {
    for (let i = 0; i < 5; i += 1) await subscribed();
    const batches: string[][] = [];
    for await (const batch of shop.services.newsletter.subscribedInBatches(shop.storeId, 2)) {
      batches.push(batch.map((row) => `${row.subscribed_at} ${row.id}`));
    }
    expect(batches.every((batch) => batch.length <= 2)).toBe(true);
    const listed = batches.flat();
    const all = await shop.db
      .selectFrom('subscribers')
      .select(['subscribed_at', 'id'])
      .where('withdrawn_at', 'is', null)
      .orderBy('subscribed_at')
      .orderBy('id')
      .execute();
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(listed).toEqual(all.map((row) => `${row.subscribed_at} ${row.id}`));
  });
});
