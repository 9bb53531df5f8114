/**
 * How fast do the back office's list pages answer in a big shop?
 *
 *   npm run admin-lists --workspace bench [products] [orders]
 *
 * On a fresh database (SQLite; and PostgreSQL too when BENCH_DATABASE_URL is set) with the demo
 * store, 100,000 generated products and 50,000 orders by default, a staff member signs in and each
 * list page is asked in process (the server's own time, no network): 7 times just after a
 * catalogue change (nothing counted before may be used), then 25 times again. Prints the p50 of
 * the first and the p50 and p95 of the second.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import type { Database } from '../../server/src/db/schema.js';
import { readCatalogueFile } from '../../server/src/modules/catalog/import/index.js';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { GENEROUS_LIMITS } from './generous-limits.js';
import { askInProcess, benchDatabases, changeCatalogue, onServer, scratchShop } from './scratch-shop.js';

const PRODUCTS = Number(process.argv[2] ?? 100_000);
const ORDERS = Number(process.argv[3] ?? 50_000);
const RUNS = 25;
const COLD_RUNS = 7;

const percentile = (times: number[], share: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0).toFixed(1);
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));

/** Orders spread over the last year, every status, one to three lines each. */
async function fillOrders(db: Database, storeId: string, count: number): Promise<void> {
  const products = await db.selectFrom('products').select(['id', 'title', 'regular_price']).limit(500).execute();
  const user = await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      store_id: storeId,
      email: 'bulk.buyer@example.in',
      password_hash: 'scrypt$1$1$1$x$x',
      first_name: 'Bulk',
      last_name: 'Buyer',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const yearMs = 365 * 86_400_000;
  for (let start = 0; start < count; start += 500) {
    const orders = [];
    const items = [];
    for (let index = start; index < Math.min(count, start + 500); index++) {
      const id = randomBytes(5).toString('hex').toUpperCase();
      const created = new Date(Date.now() - Math.floor(((index + 1) / count) * yearMs)).toISOString();
      const product = products[index % products.length];
      if (!product) throw new Error('no products');
      const quantity = 1 + (index % 3);
      orders.push({
        id,
        store_id: storeId,
        user_id: user.id,
        email: `shopper${index % 5000}@example.in`,
        status: index % 5,
        total: Number(product.regular_price) * quantity,
        full_name: `Shopper ${index}`,
        address: '12, 4th Cross, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        postal_code: '560038',
        phone: `+91 98${String(index).padStart(8, '0')}`,
        phone_digits: `9198${String(index).padStart(8, '0')}`,
        shipping_method: 'Standard Shipping',
        tracking_number: null,
        courier: null,
        tracking_url: null,
        cancel_reason: null,
        payment_provider: 'upi',
        client_address: '127.0.0.1',
        created_at: created,
        updated_at: created,
      });
      items.push({
        id: randomUUID(),
        order_id: id,
        product_id: product.id,
        product_title: product.title,
        quantity,
        unit_price: Number(product.regular_price),
        position: 0,
        size: null,
        color: null,
      });
    }
    await db.insertInto('orders').values(orders).execute();
    await db.insertInto('order_items').values(items).execute();
  }
}

async function benchOne(dialect: 'sqlite' | 'postgres', catalogue: string) {
  const shop = await scratchShop(dialect);
  const { db, services, store, schema } = shop;
  const read = await readCatalogueFile(catalogue);
  await services.catalog.importMany(
    store.id,
    read.records.map((entry) => entry.record),
  );
  await fillOrders(db, store.id, ORDERS);
  if (schema) {
    // Fresh statistics after a bulk load, as the README advises after an import.
    await onServer(async (admin) => {
      for (const table of ['products', 'orders', 'order_items', 'payments'])
        await admin.query(`analyze ${schema}.${table}`);
    });
  }

  const app = await buildApp({
    db,
    services,
    rateLimits: GENEROUS_LIMITS,
    webDistDir: '',
  });
  await services.staff.add(
    { email: 'owner@bench.in', name: 'Owner', role: 'owner', storeId: null, password: 'a long bench password' },
    'bench',
  );
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    headers: { host: 'localhost:8044' },
    payload: { email: 'owner@bench.in', password: 'a long bench password' },
  });
  const cookie = signIn.cookies.map((each) => `${each.name}=${each.value}`).join('; ');
  const pages = [
    '/admin/orders',
    '/admin/orders?status=1',
    '/admin/orders?q=shopper4321%40example.in',
    '/admin/orders?q=98000012345',
    '/admin/orders?page=1000',
    '/admin/orders?from=2026-01-01&to=2026-03-31',
    '/admin/products',
    '/admin/products?q=hub',
    '/admin/products?stock=low',
    '/admin/products?page=2000',
    '/admin/dashboard',
    '/admin/activity',
  ];
  const ask = askInProcess(app, { cookie });
  const rows: string[] = [];
  for (const page of pages) {
    // Cold: the first ask after a catalogue change, when nothing counted before may be used.
    const cold: number[] = [];
    for (let run = 0; run < COLD_RUNS; run++) {
      await changeCatalogue(shop);
      cold.push((await ask(page)).ms);
    }
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run++) warm.push((await ask(page)).ms);
    rows.push(
      `| ${dialect} | \`${page}\` | ${percentile(cold, 0.5)} ms | ${percentile(warm, 0.5)} ms | ${percentile(warm, 0.95)} ms |`,
    );
  }
  await app.close();
  await shop.close();
  return rows;
}

try {
  const catalogue = writeBenchCatalogue(PRODUCTS, work);
  console.log(
    `${PRODUCTS.toLocaleString('en-IN')} products, ${ORDERS.toLocaleString('en-IN')} orders, ${RUNS} requests per page\n`,
  );
  console.log('| database | page | first ask after a change, p50 | again, p50 | again, p95 |');
  console.log('|---|---|---|---|---|');
  for (const dialect of benchDatabases()) {
    for (const row of await benchOne(dialect, catalogue)) console.log(row);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
