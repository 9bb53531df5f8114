import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AccountInfo,
  INDIAN_MOBILE_MESSAGE,
  PHONE_TAKEN,
  type Product,
  SIGN_IN_CODE_SENT,
  SIGN_IN_CODE_WRONG,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCodeText } from '../src/modules/accounts/phone-sign-in.js';
import { msg91Gateway } from '../src/modules/messages/providers/msg91.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { fillTemplate, matchTemplate, SMS_TEMPLATES } from '../src/modules/messages/sms-templates.js';
import { codeText } from '../src/modules/payments/cod/service.js';
import { FakeMsg91 } from './fakes/msg91.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let storeName = '';
let product: Product;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  storeName = (await shop.services.stores.byId(shop.storeId))?.store_name ?? '';
  const [first] = await orderableProducts(shop.app, 5);
  if (!first) throw new Error('no product in stock');
  product = first;
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  await shop.close();
});

let next = 0;
/** A mobile number no other test uses: '+91 9' and nine digits. */
const newPhone = () => {
  next += 1;
  return `+919${String(Date.now() % 1_000_000).padStart(6, '0')}${String(next).padStart(3, '0')}`;
};

/** The newest sign-in code texted to `phone`, read from the outbox as it was written. */
async function codeSentTo(phone: string, kind = 'sms.sign-in-code'): Promise<string> {
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  const text = rows.find((row) => row.kind === kind && row.recipient === phone)?.text;
  const code = text?.match(/^(\d{6}) is your /)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signInByPhone(phone: string) {
  expect((await http.post('/users/otp', { phone })).statusCode).toBe(202);
  const answer = await http.post('/users/otp/verify', { phone, code: await codeSentTo(phone) });
  expect(answer.statusCode).toBe(200);
  return (answer.json() as { token: string }).token;
}

describe('asking for a code', () => {
  it('answers 202 with the same body for a new number and one with an account, and texts a code that names the shop', async () => {
    const known = newPhone();
    await signInByPhone(known);
    const stranger = newPhone();
    const forKnown = await http.post('/users/otp', { phone: known });
    const forStranger = await http.post('/users/otp', { phone: stranger });
    expect(forKnown.statusCode).toBe(202);
    expect(forStranger.statusCode).toBe(202);
    expect(forKnown.body).toBe(forStranger.body);
    expect(forKnown.json()).toEqual({ message: SIGN_IN_CODE_SENT, expiresInMinutes: 10 });
    const code = await codeSentTo(stranger);
    const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
    expect(rows.find((row) => row.recipient === stranger)?.text).toBe(signInCodeText(storeName, code, 10));
    expect(signInCodeText(storeName, code, 10)).toContain(storeName);
  });

  it('takes +91, a leading 0 and spaces, and keeps the number as +91 and ten digits', async () => {
    const phone = newPhone();
    const local = `0${phone.slice(3, 8)} ${phone.slice(8)}`;
    expect((await http.post('/users/otp', { phone: local })).statusCode).toBe(202);
    const spaced = `+91 ${phone.slice(3, 8)} ${phone.slice(8)}`;
    const answer = await http.post('/users/otp/verify', { phone: spaced, code: await codeSentTo(phone) });
    expect(answer.statusCode).toBe(200);
    const info = AccountInfo.parse((await http.get('/accountInfo', (answer.json() as { token: string }).token)).json());
    expect(info.phone).toBe(phone);
    expect(info.email).toBeNull();
  });

  it.each([
    ['too short', '98450'],
    ['not a mobile series', '+91 18450 12345'],
    ['another country', '+1 415 555 0100'],
    ['letters', 'call me'],
  ])('refuses a number that is %s with a 400 naming the field', async (_what, phone) => {
    const answer = await http.post('/users/otp', { phone });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: INDIAN_MOBILE_MESSAGE, field: 'phone' });
  });

  it('refuses a body without a phone, or a code that is not 6 digits, with a 400 naming the field', async () => {
    expect((await http.post('/users/otp', {})).json()).toMatchObject({ field: 'phone' });
    const answer = await http.post('/users/otp/verify', { phone: newPhone(), code: '12ab' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'code' });
  });
});

describe('signing in with the code', () => {
  it('makes the account on first use and signs in to the same one after, like /users/authorize', async () => {
    const phone = newPhone();
    const first = await signInByPhone(phone);
    const again = await signInByPhone(phone);
    const one = AccountInfo.parse((await http.get('/accountInfo', first)).json());
    const two = AccountInfo.parse((await http.get('/accountInfo', again)).json());
    expect(two.id).toBe(one.id);
    expect(one).toMatchObject({ phone, email: null, firstName: '', lastName: '' });
    // A session like a password's: listed with the others, and ended by signing out.
    expect((await http.get('/account/sessions', first)).json().sessions).toHaveLength(2);
    expect((await http.post('/users/logout', {}, first)).statusCode).toBe(204);
    expect((await http.get('/accountInfo', first)).statusCode).toBe(401);
  });

  it('a wrong, reused or unknown code: the same 400 for a number with an account and one without', async () => {
    const known = newPhone();
    await signInByPhone(known);
    const stranger = newPhone();
    await http.post('/users/otp', { phone: known });
    await http.post('/users/otp', { phone: stranger });
    const knownCode = await codeSentTo(known);
    const wrongKnown = await http.post('/users/otp/verify', { phone: known, code: wrongCodeOf(knownCode) });
    const wrongStranger = await http.post('/users/otp/verify', {
      phone: stranger,
      code: wrongCodeOf(await codeSentTo(stranger)),
    });
    const neverAsked = await http.post('/users/otp/verify', { phone: newPhone(), code: '123456' });
    for (const answer of [wrongKnown, wrongStranger, neverAsked]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: SIGN_IN_CODE_WRONG, field: 'code' });
    }
    expect((await http.post('/users/otp/verify', { phone: known, code: knownCode })).statusCode).toBe(200);
    const reused = await http.post('/users/otp/verify', { phone: known, code: knownCode });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toBe(wrongKnown.body);
  });

  it('a code works for 10 minutes (the clock given to the service)', async () => {
    const store = { id: shop.storeId, store_name: storeName };
    const phone = newPhone();
    await shop.services.phoneSignIn.sendSignInCode(store, phone, Date.now() - 10 * 60_000 - 1000);
    const stale = await http.post('/users/otp/verify', { phone, code: await codeSentTo(phone) });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ error: SIGN_IN_CODE_WRONG, field: 'code' });

    const fresh = newPhone();
    await shop.services.phoneSignIn.sendSignInCode(store, fresh, Date.now() - 9 * 60_000);
    expect((await http.post('/users/otp/verify', { phone: fresh, code: await codeSentTo(fresh) })).statusCode).toBe(
      200,
    );
    // And at exactly its expiry it has ended.
    const edge = newPhone();
    const sentAt = Date.now();
    await shop.services.phoneSignIn.sendSignInCode(store, edge, sentAt);
    const code = await codeSentTo(edge);
    await expect(
      shop.services.phoneSignIn.signIn(shop.storeId, { phone: edge, code }, '', sentAt + 600_000),
    ).rejects.toThrow(SIGN_IN_CODE_WRONG);
    await expect(
      shop.services.phoneSignIn.signIn(shop.storeId, { phone: edge, code }, '', sentAt + 599_999),
    ).resolves.toBeTypeOf('string');
  });

  it('five wrong codes end the code: the right one is then refused too', async () => {
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const code = await codeSentTo(phone);
    for (let i = 0; i < 5; i += 1) {
      expect((await http.post('/users/otp/verify', { phone, code: wrongCodeOf(code) })).statusCode).toBe(400);
    }
    const right = await http.post('/users/otp/verify', { phone, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: SIGN_IN_CODE_WRONG, field: 'code' });
  });

  it('ten wrong codes sent at once use up the five tries and no more', async () => {
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const code = await codeSentTo(phone);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => http.post('/users/otp/verify', { phone, code: wrongCodeOf(code) })),
    );
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    const row = await shop.db
      .selectFrom('sign_in_codes')
      .select('tries_left')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(row.tries_left)).toBe(0);
  });

  it('a new code ends the one before it', async () => {
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const old = await codeSentTo(phone);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await http.post('/users/otp', { phone });
    const current = await codeSentTo(phone);
    if (old !== current) expect((await http.post('/users/otp/verify', { phone, code: old })).statusCode).toBe(400);
    expect((await http.post('/users/otp/verify', { phone, code: current })).statusCode).toBe(200);
  });

  it('two verifications of one code at once: one signs in, the other gets the wrong-code answer', async () => {
    for (let round = 0; round < 3; round += 1) {
      const phone = newPhone();
      await http.post('/users/otp', { phone });
      const code = await codeSentTo(phone);
      const answers = await Promise.all([
        http.post('/users/otp/verify', { phone, code }),
        http.post('/users/otp/verify', { phone, code }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const users = await shop.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
      expect(users).toHaveLength(1);
    }
  });
});

describe('limits', () => {
  let limited: TestShop;
  beforeAll(async () => {
    limited = await startShop({ rateLimits: { signInCodesPerPhone: 2, signInCodesPerIp: 3, loginAttemptsPerIp: 3 } });
  });
  afterAll(() => limited.close());

  const ask = (phone: string, remoteAddress: string) =>
    client(limited.app).raw({
      method: 'POST',
      url: '/api/v1/users/otp',
      headers: { host: 'localhost:8044' },
      payload: { phone },
      remoteAddress,
    });

  it('per number: the third code in an hour is a 429 with Retry-After, from any address', async () => {
    const phone = newPhone();
    expect((await ask(phone, '10.0.0.1')).statusCode).toBe(202);
    expect((await ask(phone, '10.0.0.2')).statusCode).toBe(202);
    const third = await ask(phone, '10.0.0.3');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.json().error).toMatch(/Too many codes sent to this number/);
  });

  it('per address: the fourth number asked for from one address is a 429', async () => {
    for (let i = 0; i < 3; i += 1) expect((await ask(newPhone(), '10.0.1.1')).statusCode).toBe(202);
    const fourth = await ask(newPhone(), '10.0.1.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect((await ask(newPhone(), '10.0.1.2')).statusCode).toBe(202);
  });

  it('wrong codes count as failed sign-ins from the address; a right one gives its place back', async () => {
    const verify = (phone: string, code: string) =>
      client(limited.app).raw({
        method: 'POST',
        url: '/api/v1/users/otp/verify',
        headers: { host: 'localhost:8044' },
        payload: { phone, code },
        remoteAddress: '10.0.2.1',
      });
    const phone = newPhone();
    await ask(phone, '10.0.2.9');
    const rows = await limited.services.outbox.list(limited.storeId, { limit: 50 });
    const code = rows.find((row) => row.recipient === phone)?.text.slice(0, 6) ?? '';
    expect((await verify(phone, code)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await verify(phone, '000000')).statusCode).toBe(400);
    const blocked = await verify(phone, '000000');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('a phone on an email account, and an email-less account', () => {
  it('an email account adds a verified phone; then the phone and the password both sign in to it', async () => {
    const { email, password, token } = await signUp(shop.app);
    const phone = newPhone();
    expect((await http.post('/account/phone', { phone }, token)).statusCode).toBe(202);
    const code = await codeSentTo(phone);
    const wrong = await http.post('/account/phone/verify', { phone, code: wrongCodeOf(code) }, token);
    expect(wrong.json()).toEqual({ error: SIGN_IN_CODE_WRONG, field: 'code' });
    const added = await http.post('/account/phone/verify', { phone, code }, token);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ email, phone });
    const byPhone = await signInByPhone(phone);
    const byPassword = (await http.post('/users/authorize', { email, password })).json().token as string;
    const a = AccountInfo.parse((await http.get('/accountInfo', byPhone)).json());
    const b = AccountInfo.parse((await http.get('/accountInfo', byPassword)).json());
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ email, phone });
  });

  it('a number that signs in to another account is not added (409), and the code sent to add it signs nobody in', async () => {
    const taken = newPhone();
    await signInByPhone(taken);
    const { token } = await signUp(shop.app);
    await http.post('/account/phone', { phone: taken }, token);
    const code = await codeSentTo(taken);
    const asSignIn = await http.post('/users/otp/verify', { phone: taken, code });
    expect(asSignIn.statusCode).toBe(400);
    const refused = await http.post('/account/phone/verify', { phone: taken, code }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: PHONE_TAKEN, field: 'phone' });
  });

  it('an account made by phone has no password: changing or checking one is a 400, never a 5xx', async () => {
    const token = await signInByPhone(newPhone());
    const change = await http.post(
      '/account/password',
      { currentPassword: 'anything', newPassword: 'new secret 1' },
      token,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ field: 'currentPassword' });
  });

  it('adding a phone needs a signed-in shopper', async () => {
    expect((await http.post('/account/phone', { phone: newPhone() })).statusCode).toBe(401);
  });

  it("an account without an email gets its order's news as SMS to the order's phone, and no email", async () => {
    const phone = newPhone();
    const token = await signInByPhone(phone);
    const placed = await http.post(
      '/orders',
      { products: { [product.id]: 1 }, shippingAddress: { ...validAddress, phone } },
      token,
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().id as string;
    const rows = (await shop.services.outbox.list(shop.storeId, { limit: 500 })).filter((row) =>
      row.text.includes(orderId),
    );
    const toShopper = rows.filter((row) => !row.kind.startsWith('merchant.'));
    expect(toShopper.map((row) => [row.kind, row.recipient])).toEqual([['sms.order-update', phone]]);
    expect(toShopper[0]?.text).toMatch(new RegExp(`^${storeName}: your order ${orderId} is placed\\. Details: http`));
    expect(matchTemplate('order-update', toShopper[0]?.text ?? '')).toBeDefined();
    expect(rows.some((row) => row.recipient === '')).toBe(false);
  });
});

describe('SMS templates', () => {
  it('the texts the shop writes are their registered templates filled in', () => {
    expect(matchTemplate('sign-in-code', signInCodeText('NetKart', '012345', 10))).toEqual({
      code: '012345',
      shop: 'NetKart',
      minutes: '10',
    });
    expect(matchTemplate('cod-code', codeText('NetKart', '7KX2M9QH4D', '123456', 30))).toEqual({
      code: '123456',
      order: '7KX2M9QH4D',
      shop: 'NetKart',
      minutes: '30',
    });
    expect(fillTemplate('sign-in-code', { code: '1', shop: 'A', minutes: '2' })).toBe(
      '1 is your A sign-in code. It expires in 2 minutes. Do not share it with anyone.',
    );
  });

  it('a text that strays from its template, or of an unknown kind, does not match', () => {
    const text = signInCodeText('NetKart', '012345', 10);
    expect(matchTemplate('sign-in-code', `${text} Visit us!`)).toBeUndefined();
    expect(matchTemplate('sign-in-code', text.replace('sign-in', 'login'))).toBeUndefined();
    expect(matchTemplate('sign-in-code', text.replace('NetKart', 'Net\nKart'))).toBeUndefined();
    expect(matchTemplate('marketing', text)).toBeUndefined();
  });
});

describe('sending SMS', () => {
  const AUTH_KEY = 'msg91-test-auth-key';
  const TEMPLATE_IDS = { 'sign-in-code': 'tpl-sign-in', 'cod-code': 'tpl-cod', 'order-update': 'tpl-order' };
  let fake: FakeMsg91;
  let outboxDir: string;

  beforeAll(async () => {
    fake = await new FakeMsg91(AUTH_KEY, {
      'tpl-sign-in': SMS_TEMPLATES['sign-in-code'],
      'tpl-cod': SMS_TEMPLATES['cod-code'],
      'tpl-order': SMS_TEMPLATES['order-update'],
    }).start();
    cleanups.push(() => fake.stop());
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-outbox-'));
    cleanups.push(() => fs.rmSync(outboxDir, { recursive: true, force: true }));
  });

  const senderWith = (authKey = AUTH_KEY, templateIds: Record<string, string> = TEMPLATE_IDS) =>
    new MailSender(shop.services.outbox, shop.services.stores, {
      outboxDir,
      textGateway: msg91Gateway({ authKey, senderId: 'NTKART', apiUrl: fake.url, templateIds }),
    });

  const statusOf = async (phone: string) => {
    const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
    const row = rows.find((each) => each.recipient === phone);
    if (!row) throw new Error(`nothing to ${phone}`);
    return row;
  };

  /** Puts every message due now aside (sent), so a pass sends only what the test writes next. */
  const clearOutbox = async () => {
    await shop.db.updateTable('outbox').set({ status: 'sent' }).where('status', '!=', 'sent').execute();
  };

  it('through MSG91: the template id, the sender id and the variables; the shopper gets the very text', async () => {
    await clearOutbox();
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const code = await codeSentTo(phone);
    const result = await senderWith().runOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const sms = fake.sent.find((each) => each.mobiles === phone.slice(1));
    expect(sms).toEqual({
      templateId: 'tpl-sign-in',
      sender: 'NTKART',
      mobiles: phone.slice(1),
      text: signInCodeText(storeName, code, 10),
    });
    expect((await statusOf(phone)).status).toBe('sent');
  });

  it('a wrong auth key: MSG91 answers 401, the message waits in the outbox and is sent on a later pass', async () => {
    await clearOutbox();
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const refused = await senderWith('not-the-key').runOnce();
    expect(refused.retrying).toBe(1);
    const waiting = await statusOf(phone);
    expect(waiting.status).toBe('pending');
    expect(waiting.last_error).toMatch(/401.*Authentication failure/);
    expect(fake.calls.at(-1)?.authorized).toBe(false);
    expect((await senderWith().runOnce(Date.parse(waiting.next_attempt_at))).sent).toBe(1);
    expect((await statusOf(phone)).status).toBe('sent');
  });

  it('MSG91 down: retried like an email', async () => {
    await clearOutbox();
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    fake.failOnce(503);
    expect((await senderWith().runOnce()).retrying).toBe(1);
    const waiting = await statusOf(phone);
    expect(waiting.last_error).toMatch(/503/);
    expect((await senderWith().runOnce(Date.parse(waiting.next_attempt_at))).sent).toBe(1);
  });

  it('a text that is not its template, or a kind without a template id, is refused before sending: failed at once', async () => {
    await clearOutbox();
    const strayed = newPhone();
    const noTemplate = newPhone();
    await shop.db.transaction().execute(async (trx) => {
      await shop.services.outbox.enqueue(trx, {
        storeId: shop.storeId,
        kind: 'sms.sign-in-code',
        recipient: strayed,
        subject: 'Text message',
        text: 'Your code is 123456. Also: 50% off everything today!',
        html: '',
      });
    });
    await http.post('/users/otp', { phone: noTemplate });
    const callsBefore = fake.calls.length;
    const result = await senderWith(AUTH_KEY, { 'cod-code': 'tpl-cod' }).runOnce();
    expect(result.failed).toBe(2);
    expect(fake.calls.length).toBe(callsBefore);
    expect(await statusOf(strayed)).toMatchObject({ status: 'failed' });
    expect((await statusOf(strayed)).last_error).toMatch(/not its registered template/);
    expect((await statusOf(noTemplate)).last_error).toMatch(/MSG91_TEMPLATE_IDS has no template id for sign-in-code/);
  });

  it('with no provider, each SMS is written as a .sms.txt file in the outbox folder', async () => {
    await clearOutbox();
    const phone = newPhone();
    await http.post('/users/otp', { phone });
    const code = await codeSentTo(phone);
    await new MailSender(shop.services.outbox, shop.services.stores, { outboxDir }).runOnce();
    const file = fs.readdirSync(outboxDir).find((name) => name.endsWith(`-${phone.slice(1)}.sms.txt`));
    expect(file).toBeDefined();
    expect(fs.readFileSync(path.join(outboxDir, file ?? ''), 'utf8')).toBe(
      `To: ${phone}\n\n${signInCodeText(storeName, code, 10)}\n`,
    );
  });
});
