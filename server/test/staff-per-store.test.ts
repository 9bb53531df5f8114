import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_COMMAND_ACTOR } from '../src/modules/audit/service.js';
import { MailSender } from '../src/modules/messages/sender.js';
import { adminClient } from './admin-harness.js';
import { startShop, type TestShop } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const TOOLS = 'tools.example.in';
let shop: TestShop;
let toolsId: string;
beforeAll(async () => {
  shop = await startShop();
  const tools = await shop.services.stores.create(
    TOOLS,
    {
      storeName: 'Tool Shed',
      companyName: 'Tool Shed LLP',
      companyAddress: 'Pune',
      companyEmail: 'hello@tools.example.in',
      companyPhone: '+91 20 4000 0000',
      companyLogoUrl: '',
      description: '',
      categories: [],
      categoryImages: {},
      policies: {},
    },
    { isDefault: false },
  );
  toolsId = tools.id;
});
afterAll(() => shop.close());

/** The demo store answers on localhost, the tool shed on its own host. */
const demoOffice = () => adminClient(shop.app);
const toolsOffice = () => adminClient(shop.app, { host: TOOLS });

let serial = 0;
/** One email, staff of both stores with a password of each, as two owners would add it. */
async function staffOfBoth(options: { demoTotp?: boolean } = {}) {
  serial += 1;
  const email = `both.${serial}.${Date.now()}@netkart.in`;
  const demo = { password: 'demo store password', storeId: shop.storeId };
  const tools = { password: 'tool shed password', storeId: toolsId };
  const added = await shop.services.staff.add(
    { email, name: 'Asha Rao', role: 'orders', ...demo, totp: options.demoTotp ?? false },
    STORE_COMMAND_ACTOR,
  );
  await shop.services.staff.add({ email, name: 'Asha R', role: 'orders', ...tools }, STORE_COMMAND_ACTOR);
  return { email, demo, tools, totpUri: added.totpUri };
}

/** An owner of one store, signed in to its back office. */
async function ownerOf(office: ReturnType<typeof adminClient>, storeId: string) {
  serial += 1;
  const email = `owner.${serial}.${Date.now()}@netkart.in`;
  await shop.services.staff.add(
    { email, name: 'Meera Iyer', role: 'owner', storeId, password: 'an owner password' },
    STORE_COMMAND_ACTOR,
  );
  expect((await office.signIn(email, 'an owner password')).statusCode).toBe(200);
  return office;
}

describe('one email, staff of two stores', () => {
  it('signs in to each store with that store’s own password only', async () => {
    const { email, demo, tools } = await staffOfBoth();
    expect((await demoOffice().signIn(email, demo.password)).json()).toMatchObject({ email, name: 'Asha Rao' });
    expect((await toolsOffice().signIn(email, tools.password)).json()).toMatchObject({ email, name: 'Asha R' });
    const crossed = await demoOffice().signIn(email, tools.password);
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual({ error: 'Invalid email or password.' });
    expect((await toolsOffice().signIn(email, demo.password)).statusCode).toBe(401);
  });

  it('asks for the authenticator code only where that store’s account has it turned on', async () => {
    const { email, demo, tools, totpUri } = await staffOfBoth({ demoTotp: true });
    expect((await demoOffice().signIn(email, demo.password)).statusCode).toBe(401);
    const totp = OTPAuth.URI.parse(totpUri ?? '') as OTPAuth.TOTP;
    expect((await demoOffice().signIn(email, demo.password, totp.generate())).statusCode).toBe(200);
    // The tool shed's account has no second factor: its password alone is enough, and the code opens nothing.
    expect((await toolsOffice().signIn(email, tools.password)).statusCode).toBe(200);
    expect((await toolsOffice().signIn(email, demo.password, totp.generate())).statusCode).toBe(401);
  });

  it('keeps a session to the store that opened it', async () => {
    const { email, demo } = await staffOfBoth();
    const browser = demoOffice();
    await browser.signIn(email, demo.password);
    expect((await browser.get('/admin/session')).statusCode).toBe(200);
    const elsewhere = adminClient(shop.app, { host: TOOLS }).withCookie(browser.cookie);
    expect((await elsewhere.get('/admin/session')).statusCode).toBe(401);
  });
});

describe("another store's owner adding staff", () => {
  it('adds an email that is staff elsewhere exactly as a new one, and refuses it only in its own store', async () => {
    const email = `tools.only.${Date.now()}@netkart.in`;
    await shop.services.staff.add(
      { email, name: 'Asha R', role: 'orders', storeId: toolsId, password: 'tool shed password' },
      STORE_COMMAND_ACTOR,
    );
    const owner = await ownerOf(demoOffice(), shop.storeId);
    const unknown = `new.${Date.now()}@netkart.in`;
    const body = (address: string) => ({ email: address, name: 'Ravi K', role: 'orders', password: 'packing tape 42' });
    const known = await owner.post('/admin/staff', body(email));
    const fresh = await owner.post('/admin/staff', body(unknown));
    expect(known.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (answer: typeof known) => ({ ...answer.json(), email: 'x', createdAt: 'x' });
    expect(shape(known)).toEqual(shape(fresh));

    const twice = await owner.post('/admin/staff', body(email));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: `There is already a staff account for ${email}.` });
    const listed = (await owner.get('/admin/staff')).json() as Array<{ email: string; name: string }>;
    expect(listed.filter((member) => member.email === email)).toEqual([expect.objectContaining({ name: 'Ravi K' })]);
  });

  it('refuses, in one store, an email that already works on every store', async () => {
    const owner = await ownerOf(toolsOffice(), toolsId);
    const email = `everywhere.${Date.now()}@netkart.in`;
    await shop.services.staff.add(
      { email, name: 'Kiran', role: 'orders', storeId: null, password: 'every store password' },
      STORE_COMMAND_ACTOR,
    );
    const again = await owner.post('/admin/staff', {
      email,
      name: 'Kiran',
      role: 'orders',
      password: 'packing tape 42',
    });
    expect(again.statusCode).toBe(409);
    // And an account of every store is refused while one store has that email.
    const { email: both } = await staffOfBoth();
    await expect(
      shop.services.staff.add(
        { email: both, name: 'X', role: 'orders', storeId: null, password: 'every store password' },
        STORE_COMMAND_ACTOR,
      ),
    ).rejects.toThrow(`There is already a staff account for ${both}.`);
  });
});

describe('removing staff in one store', () => {
  it('leaves the same email’s account, and its session, in the other', async () => {
    const { email, demo, tools } = await staffOfBoth();
    const atTools = toolsOffice();
    await atTools.signIn(email, tools.password);
    const atDemo = demoOffice();
    await atDemo.signIn(email, demo.password);

    const owner = await ownerOf(demoOffice(), shop.storeId);
    const removed = await owner.send('DELETE', `/admin/staff/${encodeURIComponent(email)}`);
    expect(removed.statusCode).toBe(204);
    expect((await atDemo.get('/admin/session')).statusCode).toBe(401);
    expect((await demoOffice().signIn(email, demo.password)).statusCode).toBe(401);
    expect((await atTools.get('/admin/session')).statusCode).toBe(200);
    expect((await toolsOffice().signIn(email, tools.password)).statusCode).toBe(200);

    // Gone here, it is as unknown as any email: the tool shed's account is not this store's to remove.
    const again = await owner.send('DELETE', `/admin/staff/${encodeURIComponent(email)}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: `There is no staff account for ${email}.` });
  });
});

describe('sign-in links', () => {
  let peer: SmtpPeer;
  let outboxDir: string;
  let sender: MailSender;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-outbox-'));
    sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
  });
  afterAll(async () => {
    sender.close();
    await peer.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  /** Asks a store's back office for a link for `email`; the token of the link that arrives over SMTP. */
  async function linkFrom(office: ReturnType<typeof adminClient>, email: string, storeName: string) {
    expect((await office.post('/admin/session/link', { email })).statusCode).toBe(202);
    await sender.runOnce();
    const mail = peer.received
      .filter(
        (received) => received.envelopeTo.includes(email) && received.subject.includes(`${storeName} back office`),
      )
      .at(-1);
    const token = /sign-in-link=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (!token) throw new Error(`no link for ${email} from ${storeName}`);
    return token;
  }

  it('open only the store that sent them, as the account of that store', async () => {
    const { email } = await staffOfBoth();
    const token = await linkFrom(toolsOffice(), email, 'Tool Shed');
    const wrongStore = await demoOffice().post('/admin/session/link/use', { token });
    expect(wrongStore.statusCode).toBe(400);
    const used = await toolsOffice().post('/admin/session/link/use', { token });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ email, name: 'Asha R', store: { name: 'Tool Shed' } });
  });
});
