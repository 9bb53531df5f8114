import {
  AdminPaymentSettings,
  AdminProductListResponse,
  AdminStaffMember,
  AdminStoreDetails,
  SavedStoreDetails,
  StoreInfo,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let owner: ReturnType<typeof adminClient>;
let clerk: ReturnType<typeof adminClient>;

beforeAll(async () => {
  shop = await startShop();
  const ownerAccount = await addStaff(shop, { role: 'owner', storeId: null });
  owner = adminClient(shop.app);
  await owner.signIn(ownerAccount.email, ownerAccount.password);
  const clerkAccount = await addStaff(shop, { role: 'orders' });
  clerk = adminClient(shop.app);
  await clerk.signIn(clerkAccount.email, clerkAccount.password);
});
afterAll(() => shop.close());

describe('owners only', () => {
  it('keeps staff out of store details, payments, staff and the activity log', async () => {
    for (const [method, url] of [
      ['GET', '/admin/settings/store'],
      ['PUT', '/admin/settings/store'],
      ['GET', '/admin/settings/payments'],
      ['PUT', '/admin/settings/payments'],
      ['GET', '/admin/staff'],
      ['POST', '/admin/staff'],
      ['GET', '/admin/activity'],
    ] as const) {
      const answer = await clerk.send(method, url, method === 'GET' ? undefined : {});
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json()).toEqual({ error: "Your role (orders) cannot change the store's settings or staff." });
    }
  });
});

describe('store details', () => {
  it('saves the details shoppers read, cleaning policy HTML as the store command does', async () => {
    const current = AdminStoreDetails.parse((await owner.get('/admin/settings/store')).json());
    expect(current).toMatchObject({ storeName: 'NetKart', lowStockThreshold: 5 });
    await owner.send('PUT', '/admin/settings/store', { policies: { refund: '<p>Refunds in 7 days.</p>' } });
    const saved = await owner.send('PUT', '/admin/settings/store', {
      storeName: 'NetKart India',
      policies: { shipping: '<p>Dispatched in 2 days.</p><script>alert(1)</script>' },
      lowStockThreshold: 8,
    });
    expect(saved.statusCode).toBe(200);
    const result = SavedStoreDetails.parse(saved.json());
    expect(result.sanitised).toEqual(['shipping']);
    expect(result.details).toMatchObject({ storeName: 'NetKart India', lowStockThreshold: 8 });
    expect(result.details.policies.shipping).toBe('<p>Dispatched in 2 days.</p>');
    // The other policies are kept.
    expect(result.details.policies.refund).toBe('<p>Refunds in 7 days.</p>');

    const info = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    expect(info.storeName).toBe('NetKart India');
    const products = AdminProductListResponse.parse((await owner.get('/admin/products')).json());
    expect(products.lowStockThreshold).toBe(8);
  });

  it('saves the most of one product an order may hold, and names the field when it is out of range', async () => {
    expect(AdminStoreDetails.parse((await owner.get('/admin/settings/store')).json()).maxLineQuantity).toBe(10);
    const saved = await owner.send('PUT', '/admin/settings/store', { maxLineQuantity: 3 });
    expect(saved.statusCode).toBe(200);
    expect(SavedStoreDetails.parse(saved.json()).details.maxLineQuantity).toBe(3);
    expect(StoreInfo.parse((await client(shop.app).get('/storeInfo')).json()).maxLineQuantity).toBe(3);
    const bad = await owner.send('PUT', '/admin/settings/store', { maxLineQuantity: 500 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'maxLineQuantity must be a whole number from 1 to 99.',
      field: 'maxLineQuantity',
    });
    expect((await owner.send('PUT', '/admin/settings/store', { maxLineQuantity: 10 })).statusCode).toBe(200);
  });

  it('says which field is wrong and changes nothing', async () => {
    const bad = await owner.send('PUT', '/admin/settings/store', { storeName: 'Kept?', companyEmail: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'companyEmail must be an email address.', field: 'companyEmail' });
    expect(AdminStoreDetails.parse((await owner.get('/admin/settings/store')).json()).storeName).toBe('NetKart India');
  });

  it("saves the seller's particulars and names the field of a wrong one", async () => {
    const saved = await owner.send('PUT', '/admin/settings/store', {
      legalName: 'NetKart India Private Limited',
      gstin: '07AAHCN4821K1ZA',
      invoicePrefix: 'ni',
      grievanceOfficer: {
        name: 'Meera Iyer',
        designation: 'Grievance Officer',
        email: 'help@netkart.in',
        phone: '+91 11 4000 2222',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(SavedStoreDetails.parse(saved.json()).details).toMatchObject({
      legalName: 'NetKart India Private Limited',
      gstin: '07AAHCN4821K1ZA',
      gstState: { code: '07', name: 'Delhi' },
      invoicePrefix: 'NI',
      grievanceOfficer: { name: 'Meera Iyer', email: 'help@netkart.in' },
    });
    const info = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    expect(info.gstState).toEqual({ code: '07', name: 'Delhi' });

    const bad = await owner.send('PUT', '/admin/settings/store', { gstin: '07AAHCN4821K1Z9' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'gstin 07AAHCN4821K1Z9 is mistyped: its check character does not match.',
      field: 'gstin',
    });
    const officer = await owner.send('PUT', '/admin/settings/store', {
      grievanceOfficer: { name: 'Meera Iyer', designation: '', email: 'help@netkart.in', phone: '+91 11 4000 2222' },
    });
    expect(officer.json()).toEqual({
      error: 'grievanceOfficer.designation is required.',
      field: 'grievanceOfficer.designation',
    });
    const unregistered = await owner.send('PUT', '/admin/settings/store', { gstin: null });
    expect(SavedStoreDetails.parse(unregistered.json()).details).not.toHaveProperty('gstState');
    expect(AdminStoreDetails.parse((await owner.get('/admin/settings/store')).json()).gstin).toBeUndefined();
  });

  it('saves search synonyms that the next search uses, and names the group that is wrong', async () => {
    const search = async () =>
      ((await client(shop.app).get('/products?q=zorbix')).json() as { data: { title: string }[] }).data.length;
    expect(await search()).toBe(0);
    const saved = await owner.send('PUT', '/admin/settings/store', { searchSynonyms: [['zorbix', 'ethernet cable']] });
    expect(SavedStoreDetails.parse(saved.json()).details.searchSynonyms).toEqual([['zorbix', 'ethernet cable']]);
    expect(await search()).toBeGreaterThan(0);

    const bad = await owner.send('PUT', '/admin/settings/store', { searchSynonyms: [['lan', 'ethernet'], ['solo']] });
    expect(bad.json()).toEqual({
      error: 'a synonym group needs at least two words that mean the same.',
      field: 'searchSynonyms.1',
    });
    await owner.send('PUT', '/admin/settings/store', { searchSynonyms: null });
    expect(await search()).toBe(0);
  });

  it('changes the public address, refusing a bad host and one another store has', async () => {
    const before = AdminStoreDetails.parse((await owner.get('/admin/settings/store')).json());
    expect(before).toMatchObject({ host: 'localhost', extraHosts: [], publicOrigin: 'http://localhost' });

    const bad = await owner.send('PUT', '/admin/settings/store', { host: 'https://netkart.example/shop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'host', error: expect.stringContaining('is an address, not a host') });
    const badExtra = await owner.send('PUT', '/admin/settings/store', { extraHosts: ['ok.example', 'not ok'] });
    expect(badExtra.statusCode).toBe(400);
    expect(badExtra.json()).toMatchObject({ field: 'extraHosts' });

    const info = (await client(shop.app).get('/storeInfo')).json();
    await shop.services.stores.create('theirs.example', { ...info, storeName: 'Theirs' }, { isDefault: false });
    const taken = await owner.send('PUT', '/admin/settings/store', { host: 'theirs.example', storeName: 'Renamed' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "The store Theirs already answers to 'theirs.example'.", field: 'host' });
    // Nothing of the refused request was saved.
    expect((await client(shop.app).get('/storeInfo')).json().storeName).toBe(info.storeName);

    const saved = await owner.send('PUT', '/admin/settings/store', {
      host: 'NetKart.example',
      extraHosts: ['www.netkart.example'],
    });
    expect(saved.statusCode).toBe(200);
    expect(SavedStoreDetails.parse(saved.json()).details).toMatchObject({
      host: 'netkart.example',
      extraHosts: ['www.netkart.example'],
      publicOrigin: 'https://netkart.example',
    });
    const theirs = await client(shop.app, { host: 'api.theirs.example' }).get('/storeInfo');
    expect(theirs.json().storeName).toBe('Theirs');
    for (const host of ['netkart.example', 'api.www.netkart.example']) {
      expect((await client(shop.app, { host }).get('/storeInfo')).json().storeName, host).toBe(info.storeName);
    }
    const restored = await owner.send('PUT', '/admin/settings/store', { host: 'localhost', extraHosts: [] });
    expect(SavedStoreDetails.parse(restored.json()).details).toMatchObject({ host: 'localhost', extraHosts: [] });
  });

  it('previews a policy as shoppers will see it', async () => {
    const preview = await owner.post('/admin/settings/policy-preview', { html: '<h2 onclick="x()">Returns</h2>' });
    expect(preview.json()).toEqual({ html: '<h2>Returns</h2>', changed: true });
  });
});

describe('payment settings', () => {
  it('never sends a secret back, keeps it when its field is left blank, and refuses incomplete settings', async () => {
    const incomplete = await owner.send('PUT', '/admin/settings/payments', { provider: 'payu', payuKey: 'gtKFFx' });
    expect(incomplete.statusCode).toBe(400);
    expect(AdminPaymentSettings.parse((await owner.get('/admin/settings/payments')).json()).provider).toBe('sandbox');

    const salt = 'eCwWELxi-very-secret';
    const saved = await owner.send('PUT', '/admin/settings/payments', {
      provider: 'payu',
      payuKey: 'gtKFFx',
      payuSalt: salt,
      payuUrl: 'https://test.payu.in/_payment',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(salt);
    expect(AdminPaymentSettings.parse(saved.json())).toMatchObject({
      provider: 'payu',
      mode: 'live',
      payuSaltSet: true,
    });

    const kept = await owner.send('PUT', '/admin/settings/payments', {
      provider: 'payu',
      payuKey: 'newKey1',
      payuSalt: '',
    });
    expect(AdminPaymentSettings.parse(kept.json())).toMatchObject({ payuKey: 'newKey1', payuSaltSet: true });
    const activity = (await owner.get('/admin/activity')).body;
    expect(activity).toContain('store.payments');
    expect(activity).not.toContain(salt);
  });
});

describe('staff from the browser', () => {
  it('adds, lists and removes staff of this store', async () => {
    const added = await owner.post('/admin/staff', {
      email: 'Packer@NetKart.in',
      name: 'Ravi K',
      role: 'orders',
      password: 'packing tape 42',
    });
    expect(added.statusCode).toBe(201);
    expect(AdminStaffMember.parse(added.json())).toMatchObject({ email: 'packer@netkart.in', allStores: false });
    const short = await owner.post('/admin/staff', {
      email: 'x@netkart.in',
      name: 'X',
      role: 'orders',
      password: 'short',
    });
    expect(short.json()).toEqual({ error: 'A staff password has at least 10 characters.', field: 'password' });

    const listed = (await owner.get('/admin/staff')).json() as AdminStaffMember[];
    expect(listed.map((member) => member.email)).toContain('packer@netkart.in');
    expect((await owner.send('DELETE', '/admin/staff/packer@netkart.in')).statusCode).toBe(204);
    expect((await adminClient(shop.app).signIn('packer@netkart.in', 'packing tape 42')).statusCode).toBe(401);
  });
});
