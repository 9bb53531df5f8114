import fs from 'node:fs';
import path from 'node:path';
import type { Order, Product } from '@netkart/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupEmbedded, checkBackup, restoreEmbedded } from '../src/db/backup.js';
import { DumpError, dumpShop, loadShop } from '../src/db/dump.js';
import { type ScratchFolder, scratchFolder, storeCommand } from './cli/cli-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let files: ScratchFolder;
beforeAll(() => {
  files = scratchFolder();
});
afterAll(() => files.remove());

/** Orders placed one after another by a few shoppers; each id is noted the moment the shop acknowledges it. */
async function storm(shop: TestShop, count: number, acknowledged: string[]) {
  const products = await orderableProducts(shop.app, 20);
  const shoppers = await Promise.all([signUp(shop.app), signUp(shop.app)]);
  const http = client(shop.app);
  await Promise.all(
    shoppers.map(async (shopper, lane) => {
      for (let i = lane; i < count; i += shoppers.length) {
        const product = products[i % products.length] as Product;
        const response = await http.post(
          '/orders',
          { products: { [product.id]: 1 }, shippingAddress: validAddress },
          shopper.token,
        );
        if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
        acknowledged.push((response.json() as Order).id);
      }
    }),
  );
}

const orderIdsIn = (file: string) => {
  const database = new SQLite(file, { readonly: true });
  try {
    return new Set((database.prepare('select id from orders').all() as { id: string }[]).map((row) => row.id));
  } finally {
    database.close();
  }
};

// The embedded database's own backup: the PostgreSQL run would only repeat it.
describe.skipIf(process.env.TEST_DATABASE_URL)('backups of the embedded database', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop({ database: 'sqlite' });
  });
  afterAll(() => shop.close());

  it('taken during a storm of orders, holds every order acknowledged before it began, and restores', async () => {
    const acknowledged: string[] = [];
    const selling = storm(shop, 40, acknowledged);
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...acknowledged];
    const file = path.join(files.dir, 'storm.sqlite');
    const summary = await backupEmbedded(shop.sqlite as SQLite.Database, file);
    await selling;

    const inBackup = orderIdsIn(file);
    expect(before.filter((id) => !inBackup.has(id))).toEqual([]);
    expect(summary.orders).toBe(inBackup.size);
    expect(inBackup.size).toBeGreaterThanOrEqual(before.length);

    const target = path.join(files.dir, 'restored', 'store.sqlite');
    const restored = restoreEmbedded(file, target, { force: false });
    expect(restored.orders).toBe(inBackup.size);
    expect(orderIdsIn(target)).toEqual(inBackup);
    // A second restore over it needs --force, and keeps what was there.
    expect(() => restoreEmbedded(file, target, { force: false })).toThrow(BackupError);
    const forced = restoreEmbedded(file, target, { force: true });
    expect(forced.keptAs && fs.existsSync(forced.keptAs)).toBe(true);
  });

  it('refuses a truncated or foreign file with the reason, and leaves the database alone', async () => {
    const good = path.join(files.dir, 'good.sqlite');
    await backupEmbedded(shop.sqlite as SQLite.Database, good);
    const truncated = files.write('truncated.sqlite', fs.readFileSync(good).subarray(0, 8192));
    const foreign = files.write('notes.sqlite', 'these are my notes, not a database');
    const target = path.join(files.dir, 'untouched', 'store.sqlite');
    for (const [file, reason] of [
      [truncated, 'is not a usable backup'],
      [foreign, 'is not a usable backup'],
    ] as const) {
      expect(() => restoreEmbedded(file, target, { force: true })).toThrow(reason);
    }
    expect(fs.existsSync(target)).toBe(false);
    expect(() => checkBackup(good)).not.toThrow();
  });

  it('refuses `store restore` over a shop in use, and a bare database backup still restores', async () => {
    const store = storeCommand(shop, files.dir);
    const made = await store('backup', 'cli.tar.gz');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Backed up to .*cli\.tar\.gz: \d+ orders, 44 products, \d+ pictures\.\n$/);
    expect((await store('backup', 'cli.tar.gz')).stderr).toContain('exists already');
    const refused = await store('restore', 'cli.tar.gz');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database');
    expect(refused.stderr).toContain('add --force');
    // A backup made before backups held pictures: the database file alone.
    await backupEmbedded(shop.sqlite as SQLite.Database, path.join(files.dir, 'old.sqlite'));
    const old = await store('restore', 'old.sqlite');
    expect(old.stderr).toContain('already holds a database that looks in use');
  });

  it('says what `store dump` wrote in words: one store, many products', async () => {
    const dumped = await storeCommand(shop, files.dir)('dump', 'shop.jsonl');
    expect(dumped.code).toBe(0);
    expect(dumped.stdout).toMatch(/^Wrote 1 store, \d+ users?, 44 products, /);
    expect(dumped.stdout).toContain('It holds the data only, not the pictures');
  });
});

describe('moving a whole shop between databases', () => {
  const shops: TestShop[] = [];
  afterAll(async () => {
    for (const shop of shops) await shop.close();
  });

  /** The rows of a dump, without its header (which says when it was made). */
  const rowsOf = (file: string) => fs.readFileSync(file, 'utf8').trim().split('\n').slice(1);

  it('SQLite → the suite’s database → SQLite leaves it identical', async () => {
    const origin = await startShop({ database: 'sqlite' });
    shops.push(origin);
    const acknowledged: string[] = [];
    await storm(origin, 4, acknowledged);
    await origin.services.payments.record(origin.storeId, 'sandbox', {
      orderId: acknowledged[0] as string,
      reference: 'SBX-MOVE-1',
      amount: 100,
      status: 'success',
      detail: { gateway: 'sandbox' },
    });
    const first = path.join(files.dir, 'first.jsonl');
    const counts = await dumpShop(origin.db, first);
    expect(counts).toMatchObject({ stores: 1, products: 44, orders: 4, payments: 1 });
    // Each order's emails move with it: the shopper's and the merchant's at least.
    expect(counts.outbox).toBeGreaterThanOrEqual(8);
    // The demo's Hindi names of categories and specifications move with the shop.
    expect(counts.hindi_names).toBeGreaterThan(0);

    const middle = await startShop({ seedDemo: false });
    shops.push(middle);
    expect(await loadShop(middle.db, first)).toEqual(counts);
    const second = path.join(files.dir, 'second.jsonl');
    await dumpShop(middle.db, second);

    const back = await startShop({ database: 'sqlite', seedDemo: false });
    shops.push(back);
    await loadShop(back.db, second);
    const third = path.join(files.dir, 'third.jsonl');
    await dumpShop(back.db, third);

    expect(rowsOf(second)).toEqual(rowsOf(first));
    expect(rowsOf(third)).toEqual(rowsOf(first));
    // The moved shop works: a shopper's password hash moved as it was, so they can sign in.
    const accounts = await back.db.selectFrom('users').select('email').execute();
    expect(accounts.length).toBe(2);
    // The store's own storefront texts moved with it.
    const moved = (await client(back.app).get('/storeInfo')).json();
    expect(moved.heroTitle).toBe('Wired for work. Built for India.');
    expect(moved.highlights.items).toHaveLength(4);

    // Loading into a shop that has a store, or a damaged file, changes nothing.
    await expect(loadShop(origin.db, first)).rejects.toThrow('already has a store');
    const empty = await startShop({ database: 'sqlite', seedDemo: false });
    shops.push(empty);
    const lines = fs.readFileSync(first, 'utf8').split('\n');
    const cut = files.write('cut.jsonl', lines.slice(0, 20).join('\n'));
    await expect(loadShop(empty.db, cut)).rejects.toThrow('ends early');
    const altered = files.write('altered.jsonl', fs.readFileSync(first, 'utf8').replace('"stock":', '"stock":1'));
    await expect(loadShop(empty.db, altered)).rejects.toThrow(DumpError);
    expect(await empty.db.selectFrom('products').select('id').execute()).toEqual([]);
  });
});
