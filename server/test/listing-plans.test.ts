import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, adminClient } from './admin-harness.js';
import { client, startShop, type TestShop } from './harness.js';

// The listing indexes hold shown products only (migration 2026-12-30-listing-indexes-of-shown), and
// SQLite takes such an index only when the query says `hidden = 0` in its own text: each listing's
// page of ids must still be read from one of them, in its order, however the listing is sorted.
// (PostgreSQL's plans depend on its statistics; bench/plans records them at 1,000 to 10,00,000.)

let shop: TestShop;
let heard: CompiledQuery[] | undefined;

beforeAll(async () => {
  shop = await startShop({
    database: 'sqlite',
    log: (event) => {
      if (event.level === 'query') heard?.push(event.query);
    },
  });
});
afterAll(() => shop.close());

/** The plan of every query that reads a page of products' ids while `ask` runs, one line per query. */
async function idsPlans(ask: () => Promise<unknown>): Promise<{ sql: string; plan: string }[]> {
  heard = [];
  await ask();
  const queries = heard.filter((query) => /select ("p"\.)?"id" from "products"/.test(query.sql));
  heard = undefined;
  const plans = [];
  for (const query of queries) {
    const { rows } = await shop.db.executeQuery({ ...query, sql: `explain query plan ${query.sql}` });
    plans.push({ sql: query.sql, plan: rows.map((row) => String((row as { detail: unknown }).detail)).join(' | ') });
  }
  return plans;
}

const SHOWN_INDEX = /USING COVERING INDEX (products_listing_\w+|products_by_\w+) /;

describe('the storefront listing reads its page from an index of shown products', () => {
  it.each([
    ['everything', ''],
    ['a category', 'category=LAN%20Adapters'],
    ['a category and type', 'category=LAN%20Adapters&parentCategory=USB-C'],
    ['the featured', 'featured=true'],
    ['by price, lowest first', 'sort=price_asc'],
    ['by price, highest first', 'sort=price_desc'],
    ['the newest first', 'sort=newest'],
    ['by discount', 'sort=discount'],
  ])('%s', async (_name, query) => {
    const plans = await idsPlans(() => client(shop.app).get(`/products?limit=12&${query}`));
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) {
      expect(sql).toContain('"hidden" = 0');
      expect(plan).toMatch(SHOWN_INDEX);
      expect(plan).not.toContain('SCAN p');
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe("the back office's hidden and shown filters read their page from an index", () => {
  let admin: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    const { email, password } = await addStaff(shop);
    admin = adminClient(shop.app);
    await admin.signIn(email, password);
  });

  it.each([
    ['hidden', 'true', 'products_hidden'],
    ['shown', 'false', 'products_listing_all'],
  ])('%s products', async (_name, hidden, index) => {
    const plans = await idsPlans(() => admin.get(`/admin/products?hidden=${hidden}&page=1&limit=20`));
    expect(plans.length).toBeGreaterThan(0);
    // (The page's 20 rows are then sorted again, after the ids.)
    for (const { plan } of plans) expect(plan).toContain(`USING COVERING INDEX ${index} `);
  });
});
