import { StoreInfo } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/app.js';
import { openDatabase } from '../src/db/open.js';
import { invoicePrefixOf } from '../src/modules/stores/service.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

describe('GET /health', () => {
  it('answers ok once the database is ready', async () => {
    const response = await client(shop.app).get('/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /storeInfo', () => {
  it('describes the demo store with every field of the spec', async () => {
    const response = await client(shop.app).get('/storeInfo');
    expect(response.statusCode).toBe(200);
    const info = StoreInfo.parse(response.json());
    expect(info.categories.slice(0, 2)).toEqual(['LAN Adapters', 'Laptop Accessories']);
    expect(info.categoryImages.default).toMatch(/^\/media\//);
    expect(info.companyAddress).toMatch(/\d{6}/);
    expect(info.companyPhone).toMatch(/^\+91/);
  });

  it("carries the demo store's own storefront texts", async () => {
    const info = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    expect(info).toMatchObject({
      metaDescription:
        'Tech accessories for India: LAN adapters, laptop accessories, USB hubs, docking stations and storage.',
      heroTitle: 'Wired for work. Built for India.',
      newsletterTitle: 'Deals and new arrivals, once a week',
      supportHours: 'Monday to Saturday, 10AM-6PM',
    });
    expect(info.highlights?.title).toBe('Everything your desk needs');
    expect(info.highlights?.items).toHaveLength(4);
    expect(info.highlights?.items[0]).toEqual({
      icon: 'network',
      title: 'LAN Adapters',
      text: 'Gigabit to 10GbE for laptops without a port.',
    });
  });

  it("names the demo store's seller: legal name, GSTIN with its state, and grievance officer", async () => {
    const info = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    expect(info).toMatchObject({
      legalName: 'NetKart Technologies Private Limited',
      gstin: '29AAHCN4821K1Z4',
      gstState: { code: '29', name: 'Karnataka' },
      invoicePrefix: 'NK',
      grievanceOfficer: {
        name: 'Priya Raghavan',
        designation: 'Grievance Officer',
        email: 'grievance@netkart.in',
        phone: '+91 80 4718 2291',
      },
    });
    const {
      legalName: _legal,
      gstin: _gstin,
      gstState: _state,
      invoicePrefix: _prefix,
      grievanceOfficer: _officer,
      paymentMode: _mode,
      ...details
    } = info;
    await shop.services.stores.create(
      'unregistered.example',
      { ...details, storeName: 'Chai Tech' },
      { isDefault: false },
    );
    const plain = (await client(shop.app, { host: 'unregistered.example' }).get('/storeInfo')).json();
    for (const field of ['legalName', 'gstin', 'gstState', 'invoicePrefix', 'grievanceOfficer']) {
      expect(plain, field).not.toHaveProperty(field);
    }
    const stored = await shop.services.stores.byHost('unregistered.example');
    expect(stored && invoicePrefixOf(stored)).toBe('CT');
  });

  it('gives a store created without storefront texts none of them, not the demo store’s', async () => {
    const {
      metaDescription: _meta,
      heroTitle: _hero,
      highlights: _highlights,
      newsletterTitle: _newsletter,
      supportHours: _hours,
      paymentMode: _mode,
      ...details
    } = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    await shop.services.stores.create('plain.example', { ...details, storeName: 'Plain' }, { isDefault: false });
    await shop.services.stores.create(
      'blank.example',
      { ...details, storeName: 'Blank', heroTitle: '  ', supportHours: '' },
      { isDefault: false },
    );
    for (const host of ['plain.example', 'blank.example']) {
      const info = (await client(shop.app, { host }).get('/storeInfo')).json();
      for (const field of ['metaDescription', 'heroTitle', 'highlights', 'newsletterTitle', 'supportHours']) {
        expect(info, `${host} ${field}`).not.toHaveProperty(field);
      }
    }
  });

  it('chooses the store by Host, without the api. prefix, and falls back to the default store', async () => {
    const base = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    await shop.services.stores.create('gadgets.example', { ...base, storeName: 'Gadget Bazaar' }, { isDefault: false });
    const viaApi = await client(shop.app, { host: 'api.gadgets.example' }).get('/storeInfo');
    expect(viaApi.json().storeName).toBe('Gadget Bazaar');
    const direct = await client(shop.app, { host: 'gadgets.example:443' }).get('/storeInfo');
    expect(direct.json().storeName).toBe('Gadget Bazaar');
    const unknown = await client(shop.app, { host: '127.0.0.1:8044' }).get('/storeInfo');
    expect(unknown.json().storeName).toBe(base.storeName);
  });

  it('shows a change made by another process on the next request, to its own host only', async () => {
    const base = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    const { paymentMode: _mode, ...details } = base;
    // The same database opened again, as the `store` command or a second server would.
    const other = openDatabase(shop.target);
    try {
      const stores = createServices(other.db).stores;
      const created = await stores.create(
        'elsewhere.example',
        { ...details, storeName: 'Before' },
        { isDefault: false },
      );
      const nameOn = async (host: string) => (await client(shop.app, { host }).get('/storeInfo')).json().storeName;
      expect(await nameOn('elsewhere.example')).toBe('Before');
      await stores.updateInfo(created.id, { ...details, storeName: 'After' });
      // SQLite: the next request, which comes from the network in a later turn of the event loop
      // than the commit; PostgreSQL: once the commit's announcement arrives, within a second.
      const committed = Date.now();
      await new Promise((resolve) => setImmediate(resolve));
      const first = await nameOn('elsewhere.example');
      if (shop.dialect === 'sqlite') expect(first).toBe('After');
      let name = first;
      while (name !== 'After' && Date.now() - committed < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        name = await nameOn('elsewhere.example');
      }
      expect(name).toBe('After');
      expect(await nameOn('api.elsewhere.example')).toBe('After');
      expect(await nameOn('localhost')).toBe(base.storeName);
      expect(await nameOn('unknown.example')).toBe(base.storeName);
    } finally {
      await other.db.destroy();
    }
  });

  it('keeps each store catalogue apart', async () => {
    const base = StoreInfo.parse((await client(shop.app).get('/storeInfo')).json());
    await shop.services.stores.create('empty.example', { ...base, storeName: 'Empty' }, { isDefault: false });
    const products = await client(shop.app, { host: 'empty.example' }).get('/products');
    expect(products.json()).toMatchObject({ data: [], count: 0 });
  });
});
