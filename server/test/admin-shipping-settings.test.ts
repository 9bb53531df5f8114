import {
  AdminActivityResponse,
  AdminDeliverySettings,
  AdminShippingSettings,
  Order,
  type ShippingRulesInput,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let owner: ReturnType<typeof adminClient>;
let clerk: ReturnType<typeof adminClient>;
let cheap: string;

beforeAll(async () => {
  shop = await startShop();
  const ownerAccount = await addStaff(shop, { role: 'owner', storeId: null });
  owner = adminClient(shop.app);
  await owner.signIn(ownerAccount.email, ownerAccount.password);
  const clerkAccount = await addStaff(shop, { role: 'orders' });
  clerk = adminClient(shop.app);
  await clerk.signIn(clerkAccount.email, clerkAccount.password);
  const product = await shop.db
    .selectFrom('products')
    .select(['id', 'attributes_json'])
    .where('store_id', '=', shop.storeId)
    .where('stock', '>=', 20)
    .execute();
  cheap = product.find((p) => !/"Size"/i.test(p.attributes_json))?.id ?? '';
  await shop.db
    .updateTable('products')
    .set({ regular_price: 34900, discounted_price: null, effective_price: 34900, gst_rate: 18 })
    .where('id', '=', cheap)
    .execute();
});
afterAll(() => shop.close());

const latestActivity = async (action: string) => {
  const log = AdminActivityResponse.parse((await owner.get('/admin/activity?limit=50')).json());
  return log.data.find((entry) => entry.action === action);
};

describe('who may change shipping and delivery', () => {
  it('keeps shoppers and staff who are not owners out', async () => {
    for (const [method, url] of [
      ['GET', '/admin/settings/shipping'],
      ['PUT', '/admin/settings/shipping'],
      ['DELETE', '/admin/settings/shipping'],
      ['GET', '/admin/settings/delivery'],
      ['PUT', '/admin/settings/delivery'],
      ['DELETE', '/admin/settings/delivery'],
    ] as const) {
      const answer = await clerk.send(method, url, method === 'PUT' ? {} : undefined);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      const stranger = await adminClient(shop.app).send(method, url, method === 'PUT' ? {} : undefined);
      expect(stranger.statusCode, `${method} ${url} signed out`).toBe(401);
    }
  });
});

describe('shipping rules in the back office', () => {
  it('shows the rules the store charges by', async () => {
    const answer = await owner.get('/admin/settings/shipping');
    expect(answer.statusCode).toBe(200);
    expect(AdminShippingSettings.parse(answer.json()).rules).toMatchObject({ freeFrom: 999, slabs: [{ price: 79 }] });
  });

  it('refuses a rule that does not add up, naming the field, and keeps the old rules', async () => {
    const bad = await owner.send('PUT', '/admin/settings/shipping', {
      freeFrom: 500,
      slabs: [{ upToGrams: 500, price: 40 }, { upToGrams: 400, price: 60 }, { price: 90 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'slabs.1.upToGrams' });
    expect(bad.json().error).toMatch(/Slabs must rise/);
    const negative = await owner.send('PUT', '/admin/settings/shipping', { slabs: [{ price: -5 }] });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ field: 'slabs.0.price' });
    const kept = AdminShippingSettings.parse((await owner.get('/admin/settings/shipping')).json());
    expect(kept.rules).toMatchObject({ freeFrom: 999, slabs: [{ price: 79 }] });
  });

  it('saves new rules, logs who changed them, and the next order is charged by them', async () => {
    const rules: ShippingRulesInput = {
      freeFrom: 299,
      slabs: [{ upToGrams: 1000, price: 49 }, { price: 99 }],
    };
    const saved = await owner.send('PUT', '/admin/settings/shipping', { ...rules, freeFrom: 2000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AdminShippingSettings.parse(saved.json()).rules).toMatchObject({
      freeFrom: 2000,
      slabs: [{ upToGrams: 1000, price: 49 }, { price: 99 }],
    });
    const entry = await latestActivity('store.shipping');
    expect(entry?.before).toMatchObject({ rules: { freeFrom: 999 } });
    expect(entry?.after).toMatchObject({ rules: { freeFrom: 2000 } });

    const shopper = await signUp(shop.app);
    const placed = await client(shop.app).post(
      '/orders',
      { products: { [cheap]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json())).toMatchObject({ total: 398, charges: [{ kind: 'shipping', amount: 49 }] });

    // Free shipping from ₹299: the same ₹349 item ships free.
    await owner.send('PUT', '/admin/settings/shipping', rules);
    const free = await client(shop.app).post(
      '/orders',
      { products: { [cheap]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(Order.parse(free.json())).toMatchObject({ total: 349, charges: [] });
  });

  it('takes the rules away: shipping is free', async () => {
    const cleared = await owner.send('DELETE', '/admin/settings/shipping');
    expect(cleared.statusCode).toBe(200);
    expect(AdminShippingSettings.parse(cleared.json()).rules).toBeNull();
    expect((await latestActivity('store.shipping'))?.after).toEqual({ rules: null });
  });
});

describe('delivery rules in the back office', () => {
  const zones = {
    serviceable: 'zones',
    zones: [{ name: 'Bengaluru', prefixes: ['560'], transitDays: { min: 1, max: 2 } }],
    dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
    cutoff: '14:00',
    holidays: ['2026-12-25'],
  };

  it('shows the default rules until the owner sets their own', async () => {
    const shown = await owner.get('/admin/settings/delivery');
    expect(shown.statusCode, shown.body).toBe(200);
    const answer = AdminDeliverySettings.parse(shown.json());
    expect(answer.own).toBe(false);
    expect(answer.rules.serviceable).toBe('all');
  });

  it('refuses a bad rule naming the field', async () => {
    const bad = await owner.send('PUT', '/admin/settings/delivery', { ...zones, cutoff: '25:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'cutoff' });
    const noState = await owner.send('PUT', '/admin/settings/delivery', {
      ...zones,
      zones: [{ name: 'South', states: ['Madras'], transitDays: { min: 1, max: 2 } }],
    });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().field).toBe('zones.0.states.0');
    expect(AdminDeliverySettings.parse((await owner.get('/admin/settings/delivery')).json()).own).toBe(false);
  });

  it('saves listed zones, logs the change, and the shop then refuses a PIN outside them', async () => {
    const saved = await owner.send('PUT', '/admin/settings/delivery', zones);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(AdminDeliverySettings.parse(saved.json())).toMatchObject({ own: true, rules: { cutoff: '14:00' } });
    const entry = await latestActivity('store.delivery');
    expect(entry?.before).toEqual({ rules: 'default' });
    expect(entry?.after).toMatchObject({ rules: { serviceable: 'zones' } });
    const pune = await client(shop.app).get('/pincodes/411038');
    expect(pune.json()).toMatchObject({ serviceable: false });
    const bengaluru = await client(shop.app).get('/pincodes/560001');
    expect(bengaluru.json()).toMatchObject({ serviceable: true });

    const back = await owner.send('DELETE', '/admin/settings/delivery');
    expect(AdminDeliverySettings.parse(back.json()).own).toBe(false);
    expect((await latestActivity('store.delivery'))?.after).toEqual({ rules: 'default' });
  });
});
