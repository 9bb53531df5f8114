import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdminActivityResponse, AdminCourierSettings, AdminOrder, Order, type Product } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { FakeShiprocket } from './fakes/shiprocket.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

const TOKEN = 'whk_settings_9b5d1e4f60a8c3';

let shop: TestShop;
let fake: FakeShiprocket;
let owner: ReturnType<typeof adminClient>;
let clerk: ReturnType<typeof adminClient>;
let labelsDir: string;

beforeAll(async () => {
  fake = await new FakeShiprocket().start();
  labelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-labels-'));
  shop = await startShop({ couriers: { shiprocketApiUrl: fake.url, timeoutMs: 500, labelsDir } });
  const ownerAccount = await addStaff(shop, { role: 'owner', storeId: null });
  owner = adminClient(shop.app);
  await owner.signIn(ownerAccount.email, ownerAccount.password);
  const clerkAccount = await addStaff(shop, { role: 'orders' });
  clerk = adminClient(shop.app);
  await clerk.signIn(clerkAccount.email, clerkAccount.password);
});
afterAll(async () => {
  await shop.close();
  await fake.stop();
  fs.rmSync(labelsDir, { recursive: true, force: true });
});

const URL = '/admin/settings/couriers';
const settings = async () => AdminCourierSettings.parse((await owner.get(URL)).json());
const latestActivity = async () => {
  const log = AdminActivityResponse.parse((await owner.get('/admin/activity?limit=50')).json());
  return log.data.find((entry) => entry.action === 'store.couriers');
};
const fieldsOf = (shown: AdminCourierSettings) =>
  Object.fromEntries(
    (shown.providers.find((provider) => provider.name === 'shiprocket')?.fields ?? []).map((field) => [
      field.key,
      { value: field.value, set: field.set, secret: field.secret },
    ]),
  );

describe('courier settings in the back office', () => {
  it('keeps shoppers and staff who are not owners out', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const answer = await clerk.send(method, URL, method === 'PUT' ? { provider: 'shiprocket' } : undefined);
      expect(answer.statusCode).toBe(403);
      const stranger = await adminClient(shop.app).send(method, URL, method === 'PUT' ? {} : undefined);
      expect([401, 403]).toContain(stranger.statusCode);
    }
  });

  it('starts with none: shipping by hand, and the webhook address to give Shiprocket', async () => {
    const shown = await settings();
    expect(shown.provider).toBeNull();
    expect(shown.webhookUrl).toMatch(/^https:\/\/api\.[^/]+\/api\/v1\/couriers\/webhook$/);
    expect(fieldsOf(shown)).toMatchObject({
      email: { value: null, set: false, secret: false },
      password: { value: null, set: false, secret: true },
      pickupLocation: { value: null, set: false },
      webhookToken: { value: null, set: false, secret: true },
    });
  });

  it('refuses what Shiprocket would not take, naming the field, and keeps nothing', async () => {
    const unknown = await owner.send('PUT', URL, { provider: 'delhivery', settings: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'provider' });
    const badEmail = await owner.send('PUT', URL, { provider: 'shiprocket', settings: { email: 'not-an-email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ field: 'email' });
    const missing = await owner.send('PUT', URL, {
      provider: 'shiprocket',
      settings: { email: fake.account.email, password: fake.account.password },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('--pickup-location');
    const stray = await owner.send('PUT', URL, { provider: 'shiprocket', settings: { apiKey: 'x' } });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ field: 'settings.apiKey' });
    expect((await settings()).provider).toBeNull();
  });

  it('keeps them as `store couriers set` does, secrets never shown nor logged, and books with them', async () => {
    const saved = await owner.send('PUT', URL, {
      provider: 'shiprocket',
      settings: {
        email: fake.account.email,
        password: fake.account.password,
        pickupLocation: 'Primary',
        webhookToken: TOKEN,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(fake.account.password);
    expect(saved.body).not.toContain(TOKEN);
    const shown = AdminCourierSettings.parse(saved.json());
    expect(shown.provider).toBe('shiprocket');
    expect(fieldsOf(shown)).toMatchObject({
      email: { value: fake.account.email, set: true },
      password: { value: null, set: true },
      pickupLocation: { value: 'Primary', set: true },
      webhookToken: { value: null, set: true },
      parcelWeightKg: { value: '0.5', set: true },
    });
    const logged = await latestActivity();
    expect(JSON.stringify(logged)).not.toContain(fake.account.password);
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    expect(logged?.after).toMatchObject({ provider: 'shiprocket', password: 'set (hidden)' });

    // A change of one setting, with the secrets left empty as the page sends them, keeps the rest.
    const moved = await owner.send('PUT', URL, {
      provider: 'shiprocket',
      settings: { pickupLocation: 'Warehouse 2', password: '', webhookToken: '' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await shop.services.couriers.describe(shop.storeId)).toMatchObject({
      'pickup-location': 'Warehouse 2',
      password: 'set (hidden)',
      'webhook-token': 'set (hidden)',
    });
    const kept = await shop.services.couriers.courierOf(shop.storeId);
    expect(kept?.settings).toMatchObject({ password: fake.account.password, webhookToken: TOKEN });

    // "Ship with Shiprocket" now books (Shiprocket lists the pickup location as Primary only).
    fake.pickupLocations.push('Warehouse 2');
    const [product] = (await orderableProducts(shop.app, 5)) as Product[];
    const shopper = await signUp(shop.app);
    const placed = Order.parse(
      (
        await client(shop.app, { token: shopper.token }).post('/orders', {
          products: { [product?.id ?? '']: 1 },
          shippingAddress: validAddress,
        })
      ).json(),
    );
    const read = async () => AdminOrder.parse((await owner.get(`/admin/orders/${placed.id}`)).json());
    expect((await read()).courierService).toEqual({ name: 'shiprocket', title: 'Shiprocket' });
    await owner.post(`/admin/orders/${placed.id}/paid`, {
      updatedAt: (await read()).updatedAt,
      reference: '412345678901',
    });
    const shipped = await owner.post(`/admin/orders/${placed.id}/courier`, { updatedAt: (await read()).updatedAt });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(fake.ordersFor(placed.id)[0]?.body).toMatchObject({ pickup_location: 'Warehouse 2' });
  });

  it('forgets them on DELETE: shipping by hand again, and logged', async () => {
    const removed = await owner.send('DELETE', URL);
    expect(removed.statusCode).toBe(200);
    expect(AdminCourierSettings.parse(removed.json()).provider).toBeNull();
    expect(await shop.services.couriers.courierOf(shop.storeId)).toBeUndefined();
    expect((await latestActivity())?.after).toEqual({ provider: 'none' });
  });
});
