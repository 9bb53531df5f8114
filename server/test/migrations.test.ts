import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProductListResponse } from '@netkart/contract';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, createServices } from '../src/app.js';
import { migrationProvider } from '../src/db/migrations/index.js';
import { migrateToLatest, openDatabase } from '../src/db/open.js';
import type { Database } from '../src/db/schema.js';
import { DEFAULT_ORDER_POLICY } from '../src/modules/orders/service.js';
import { NO_PAYMENT_ENVIRONMENT } from '../src/modules/payments/settings.js';
import { client, freshDatabase, RELAXED_LIMITS, TEST_PASSWORD_COST } from './harness.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
/**
 * The demo store, a shopper and one order of two pieces, in a database made and migrated by the shop
 * as it was when its migrations were frozen (at `2027-01-02-listing-insert-pausable`).
 */
const OLD_STORE = path.join(fixtures, 'store-2027-01-02.sqlite');
/** The demo store's sandbox signing key in that database, stored then as `{ "sandboxSecret": … }`. */
const OLD_SANDBOX_SECRET = 'ed44560359a7aae773c2a79ab0bbdfeaf2925cefeb86f7c88fab262ba117804c';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Every table, index and trigger of a SQLite database as it was written, sorted. */
async function sqliteSchema(db: Database) {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
    select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(db);
  return rows;
}

/**
 * A PostgreSQL schema as its catalog describes it: columns, constraints, indexes, triggers and
 * functions, with the schema's own (random) name written as `<schema>`.
 */
async function postgresSchema(db: Database, schema: string) {
  const query = async <Row>(statement: ReturnType<typeof sql<Row>>) =>
    JSON.parse(JSON.stringify((await statement.execute(db)).rows).replaceAll(`${schema}.`, '<schema>.')) as Row[];
  return {
    columns: await query(sql`
      select c.table_name, c.column_name, c.data_type, c.character_maximum_length, c.is_nullable, c.column_default
      from information_schema.columns c where c.table_schema = ${schema}
      order by c.table_name, c.ordinal_position`),
    constraints: await query(sql`
      select t.relname as table_name, k.conname, k.contype, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = ${schema} order by t.relname, k.conname`),
    indexes: await query(sql`
      select tablename, indexname, indexdef from pg_indexes where schemaname = ${schema} order by tablename, indexname`),
    triggers: await query(sql`
      select t.relname as table_name, g.tgname, pg_get_triggerdef(g.oid) as definition
      from pg_trigger g join pg_class t on t.oid = g.tgrelid join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = ${schema} and not g.tgisinternal order by t.relname, g.tgname`),
    functions: await query(sql`
      select p.proname, pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} order by p.proname`),
  };
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('the frozen migrations', () => {
  it('migrate on a database made before they were frozen running only the later ones, and the shop serves it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrations-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    fs.copyFileSync(OLD_STORE, path.join(dir, 'store.sqlite'));
    const { db } = openDatabase({ databaseUrl: undefined, dataDir: dir });
    cleanups.unshift(() => db.destroy());

    const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((result) => [result.migrationName, result.status])).toEqual([
      ['2027-01-04-payment-settings-per-provider', 'Success'],
      ['2027-01-06-store-public-address', 'Success'],
      ['2027-01-07-staff-sign-in-links', 'Success'],
      ['2027-01-08-order-line-cap', 'Success'],
      ['2027-01-09-session-devices', 'Success'],
      ['2027-01-10-staff-email-per-store', 'Success'],
      ['2027-01-11-product-addresses', 'Success'],
      ['2027-01-13-pin-directory', 'Success'],
      ['2027-01-14-saved-addresses', 'Success'],
      ['2027-01-15-delivery-rules', 'Success'],
      ['2027-01-16-shipping-charges', 'Success'],
      ['2027-01-19-cash-on-delivery', 'Success'],
      ['2027-01-20-couriers', 'Success'],
      ['2027-01-21-gst-books', 'Success'],
      ['2027-01-22-refunds', 'Success'],
      ['2027-01-23-returns', 'Success'],
      ['2027-01-24-phone-sign-in', 'Success'],
      ['2027-01-25-courier-leftovers', 'Success'],
      ['2027-01-26-whatsapp', 'Success'],
      ['2027-01-27-return-pickups', 'Success'],
      ['2027-01-28-email-verification', 'Success'],
      ['2027-01-29-staff-roles', 'Success'],
      ['2027-01-30-origin-and-bis', 'Success'],
      ['2027-01-31-reviews', 'Success'],
      ['2027-02-01-stock-notices', 'Success'],
      ['2027-02-02-product-variants', 'Success'],
      ['2027-02-03-coupons', 'Success'],
      ['2027-02-04-saved-carts', 'Success'],
      ['2027-02-05-review-votes', 'Success'],
      ['2027-02-06-hindi-catalogue', 'Success'],
      ['2027-02-07-item-discounts', 'Success'],
      ['2027-02-08-variant-listing', 'Success'],
      ['2027-02-10-message-language', 'Success'],
    ]);
    // Made by the shop of then, migrated by today's files: the schema of a fresh database.
    await expect(asJson(await sqliteSchema(db))).toMatchFileSnapshot(path.join(fixtures, 'schema-sqlite.json'));

    const counted = await sql<{ products: number; orders: number; pieces: number }>`
      select (select count(*) from products) as products, (select count(*) from orders) as orders,
        (select sum(quantity) from order_items) as pieces`.execute(db);
    expect(counted.rows[0]).toEqual({ products: 44, orders: 1, pieces: 2 });
    // The demo store's sandbox signing key, kept in one bag for every provider then, is now the sandbox's own.
    const stored = await sql<{ payment_config_json: string }>`select payment_config_json from stores`.execute(db);
    const settings = stored.rows.map((row) => JSON.parse(row.payment_config_json) as unknown);
    expect(settings).toEqual([{ sandbox: { sandboxSecret: OLD_SANDBOX_SECRET } }]);

    const services = createServices(db, {
      payments: NO_PAYMENT_ENVIRONMENT,
      orders: DEFAULT_ORDER_POLICY,
      passwordCost: TEST_PASSWORD_COST,
    });
    const app = await buildApp({ db, services, rateLimits: RELAXED_LIMITS, webDistDir: '', trustProxy: false });
    cleanups.unshift(() => app.close());
    const listed = await client(app).get('/products?limit=100');
    expect(listed.statusCode).toBe(200);
    expect(ProductListResponse.parse(listed.json()).data).toHaveLength(44);
  });

  it('make a product with sizes and colours one with options and a variant per pair, its stock split evenly', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrations-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    fs.copyFileSync(OLD_STORE, path.join(dir, 'store.sqlite'));
    const { db } = openDatabase({ databaseUrl: undefined, dataDir: dir });
    cleanups.unshift(() => db.destroy());
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('2027-02-01-stock-notices')).error).toBeUndefined();
    // No product of the old demo store has sizes or colours: one is given some, and 11 in stock.
    await db.updateTable('products').set({ attributes_json: '[]' }).execute();
    const sleeve = await db.selectFrom('products').select(['id', 'sku']).orderBy('position').executeTakeFirstOrThrow();
    const attributes = [
      { key: 'Size', value: ['13"', '15"'] },
      { key: 'Colours', value: ['Navy', 'Olive'] },
    ];
    await db
      .updateTable('products')
      .set({ attributes_json: JSON.stringify(attributes), stock: 11 })
      .where('id', '=', sleeve.id)
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const product = await db
      .selectFrom('products')
      .select(['options_json', 'stock'])
      .where('id', '=', sleeve.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(product.options_json)).toEqual([
      { name: 'Size', values: ['13"', '15"'] },
      { name: 'Colour', values: ['Navy', 'Olive'] },
    ]);
    expect(product.stock).toBe(11);
    const variants = await db
      .selectFrom('product_variants')
      .select(['sku', 'option1', 'option2', 'stock'])
      .where('product_id', '=', sleeve.id)
      .orderBy('position')
      .execute();
    expect(variants).toEqual([
      { sku: `${sleeve.sku}-13-NAVY`, option1: '13"', option2: 'Navy', stock: 5 },
      { sku: `${sleeve.sku}-13-OLIVE`, option1: '13"', option2: 'Olive', stock: 2 },
      { sku: `${sleeve.sku}-15-NAVY`, option1: '15"', option2: 'Navy', stock: 2 },
      { sku: `${sleeve.sku}-15-OLIVE`, option1: '15"', option2: 'Olive', stock: 2 },
    ]);
    // Their SKUs are ones a catalogue file can hold: an export of them imports back.
    // The products without sizes or colours are their own one variant: no rows.
    expect(await db.selectFrom('product_variants').select('id').where('product_id', '!=', sleeve.id).execute()).toEqual(
      [],
    );
  });

  it('keep every staff account, session and sign-in link through the staff table made again on SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrations-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    fs.copyFileSync(OLD_STORE, path.join(dir, 'store.sqlite'));
    const { db } = openDatabase({ databaseUrl: undefined, dataDir: dir });
    cleanups.unshift(() => db.destroy());
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('2027-01-09-session-devices')).error).toBeUndefined();
    const { id: storeId } = await db.selectFrom('stores').select('id').executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const member = { name: 'Asha Rao', role: 'owner', password_hash: 'x', totp_secret: null, created_at: at };
    await db
      .insertInto('staff')
      .values([
        { id: 'staff-1', email: 'asha@netkart.in', store_id: storeId, ...member },
        { id: 'staff-2', email: 'ravi@netkart.in', store_id: null, ...member },
      ])
      .execute();
    await db
      .insertInto('staff_sessions')
      .values({ token_hash: 'session-1', staff_id: 'staff-1', csrf_token: 'c', created_at: at, last_seen_at: at })
      .execute();
    await db
      .insertInto('staff_sign_in_links')
      .values({
        token_hash: 'link-1',
        staff_id: 'staff-2',
        store_id: storeId,
        created_at: at,
        expires_at: at,
        used_at: null,
      })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('staff').select(['id', 'email', 'store_id']).orderBy('id').execute()).toEqual([
      { id: 'staff-1', email: 'asha@netkart.in', store_id: storeId },
      { id: 'staff-2', email: 'ravi@netkart.in', store_id: null },
    ]);
    expect(await db.selectFrom('staff_sessions').select('staff_id').execute()).toEqual([{ staff_id: 'staff-1' }]);
    expect(await db.selectFrom('staff_sign_in_links').select('staff_id').execute()).toEqual([{ staff_id: 'staff-2' }]);
    // Foreign keys are enforced again on the connection afterwards, and still point at the new table.
    const pragma = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(pragma.rows).toEqual([{ foreign_keys: 1 }]);
    await expect(
      db
        .insertInto('staff_sessions')
        .values({ token_hash: 'session-2', staff_id: 'nobody', csrf_token: 'c', created_at: at, last_seen_at: at })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    // The same email in another scope is now allowed; twice in one store it is not.
    await db
      .insertInto('staff')
      .values({ id: 'staff-3', email: 'ravi@netkart.in', store_id: storeId, ...member })
      .execute();
    await expect(
      db
        .insertInto('staff')
        .values({ id: 'staff-4', email: 'asha@netkart.in', store_id: storeId, ...member })
        .execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('make the old staff role the orders role, and leave owners owners', async () => {
    const { target, cleanup } = await freshDatabase('sqlite');
    cleanups.push(cleanup);
    const { db } = openDatabase(target);
    cleanups.unshift(() => db.destroy());
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('2027-01-26-whatsapp')).error).toBeUndefined();
    const at = new Date().toISOString();
    const member = { name: 'Asha Rao', password_hash: 'x', totp_secret: null, created_at: at, store_id: null };
    await db
      .insertInto('staff')
      .values([
        { id: 'staff-1', email: 'owner@netkart.in', role: 'owner', ...member },
        { id: 'staff-2', email: 'packer@netkart.in', role: 'staff', ...member },
      ])
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('staff').select(['email', 'role']).orderBy('id').execute()).toEqual([
      { email: 'owner@netkart.in', role: 'owner' },
      { email: 'packer@netkart.in', role: 'orders' },
    ]);
  });

  it('make, on a fresh database, exactly the schema they made when they were frozen', async () => {
    const { target, cleanup } = await freshDatabase();
    cleanups.push(cleanup);
    const { db, dialect } = openDatabase(target);
    try {
      await migrateToLatest(db, target.schema);
      if (dialect === 'sqlite') {
        await expect(asJson(await sqliteSchema(db))).toMatchFileSnapshot(path.join(fixtures, 'schema-sqlite.json'));
      } else {
        const schema = target.schema ?? '';
        await expect(asJson(await postgresSchema(db, schema))).toMatchFileSnapshot(
          path.join(fixtures, 'schema-postgres.json'),
        );
      }
    } finally {
      await db.destroy();
    }
  });
});
