import { CodRules, DEMO_COD_RULES } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let owner: ReturnType<typeof adminClient>;
let clerk: ReturnType<typeof adminClient>;

beforeAll(async () => {
  shop = await startShop();
  const ownerAccount = await addStaff(shop, { role: 'owner' });
  owner = adminClient(shop.app);
  await owner.signIn(ownerAccount.email, ownerAccount.password);
  const clerkAccount = await addStaff(shop, { role: 'orders' });
  clerk = adminClient(shop.app);
  await clerk.signIn(clerkAccount.email, clerkAccount.password);
});
afterAll(() => shop.close());
beforeEach(() => shop.services.cod.setRules(shop.storeId, DEMO_COD_RULES));

const auditOf = () =>
  shop.db.selectFrom('audit_log').selectAll().where('action', '=', 'store.cod').orderBy('id', 'desc').execute();

describe('cash-on-delivery rules in the back office', () => {
  it('keeps staff who are not owners out, reading and writing', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const answer = await clerk.send(method, '/admin/settings/cod', method === 'GET' ? undefined : { enabled: false });
      expect(answer.statusCode, method).toBe(403);
    }
    expect(await shop.services.cod.rulesOf(shop.storeId)).toEqual(DEMO_COD_RULES);
  });

  it('shows the rules as set, saves new ones the storefront then offers, audited with before and after', async () => {
    const shown = await owner.get('/admin/settings/cod');
    expect(shown.statusCode).toBe(200);
    expect(CodRules.parse(shown.json())).toEqual(DEMO_COD_RULES);

    const rules = {
      enabled: true,
      minOrder: 299,
      maxOrder: 5000,
      fee: { percent: 2 },
      pincodes: ['4000', '560001'],
      states: ['karnataka'],
      maxUnconfirmedPerShopper: 3,
    };
    const saved = await owner.send('PUT', '/admin/settings/cod', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...rules, states: ['Karnataka'] });
    expect((await owner.get('/admin/settings/cod')).json()).toEqual({ ...rules, states: ['Karnataka'] });

    const offer = (await client(shop.app).get('/payments/methods')).json();
    expect(offer.cod).toMatchObject({ enabled: true, fee: { percent: 2 }, minOrder: 299, maxOrder: 5000 });

    const [entry] = await auditOf();
    expect(entry).toBeDefined();
    expect(JSON.parse(String(entry?.before_json))).toEqual(DEMO_COD_RULES);
    expect(JSON.parse(String(entry?.after_json))).toMatchObject({ maxOrder: 5000, fee: { percent: 2 } });
  });

  it('refuses bad rules with the field named, changing nothing', async () => {
    const cases: [unknown, string, string][] = [
      [{ enabled: true, fee: { flat: -1 } }, 'fee.flat', 'fee.flat cannot be negative.'],
      [{ enabled: true, minOrder: 900, maxOrder: 100 }, '', 'minOrder must not be above maxOrder.'],
      [{ enabled: true, pincodes: ['0123'] }, 'pincodes.0', 'A PIN is 6 digits'],
      [{ enabled: true, states: ['Atlantis'] }, 'states.0', '"Atlantis" is not a state or union territory of India.'],
      [{ enabled: true, maxUnconfirmedPerShopper: 0 }, 'maxUnconfirmedPerShopper', 'at least 1'],
      [{ enabled: 'yes' }, 'enabled', 'enabled must be true or false.'],
    ];
    const audited = (await auditOf()).length;
    for (const [body, field, message] of cases) {
      const answer = await owner.send('PUT', '/admin/settings/cod', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(answer.json().field, JSON.stringify(body)).toBe(field);
      expect(answer.json().error, JSON.stringify(body)).toContain(message);
    }
    expect(await shop.services.cod.rulesOf(shop.storeId)).toEqual(DEMO_COD_RULES);
    expect((await auditOf()).length).toBe(audited);
  });
});
