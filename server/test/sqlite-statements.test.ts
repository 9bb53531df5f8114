import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverOf, openDatabase } from '../src/db/open.js';
import { KeptStatements, KeptStatementsSqliteDialect } from '../src/db/sqlite-statements.js';
import { client, startShop, type TestShop } from './harness.js';

/** A bare database of one table, with at most `kept` statements kept. */
function scratch(kept: number) {
  const { sqlite } = openDatabase({ databaseUrl: undefined, dataDir: ':memory:' });
  if (!sqlite) throw new Error('not SQLite');
  const dialect = new KeptStatementsSqliteDialect(sqlite, kept);
  // biome-ignore lint/suspicious/noExplicitAny: a scratch table outside the shop's schema
  const db = new Kysely<any>({ dialect });
  return { db, statements: dialect.statements };
}

describe('statements kept on SQLite', () => {
  it('keeps at most its bound, and every statement still answers', async () => {
    const { db, statements } = scratch(10);
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await sql<{ n: number }>`select ${sql.raw(String(i))} as n`.execute(db);
      expect(rows).toEqual([{ n: i }]);
      expect(statements.size).toBeLessThanOrEqual(10);
    }
    expect(statements.size).toBe(10);
    await db.destroy();
  });

  it('a kept statement reads right after the table changes under it', async () => {
    const { db, statements } = scratch(10);
    await sql`create table things (id integer primary key, name text)`.execute(db);
    await db.insertInto('things').values({ id: 1, name: 'hub' }).execute();
    const all = () => db.selectFrom('things').selectAll().orderBy('id').execute();
    expect(await all()).toEqual([{ id: 1, name: 'hub' }]);
    const kept = statements.size;

    await sql`alter table things add column price integer not null default 99`.execute(db);
    expect(await all()).toEqual([{ id: 1, name: 'hub', price: 99 }]);

    await sql`drop table things`.execute(db);
    await expect(all()).rejects.toThrow(/no such table/);
    await sql`create table things (id integer primary key, name text)`.execute(db);
    await db.insertInto('things').values({ id: 2, name: 'dock' }).execute();
    expect(await all()).toEqual([{ id: 2, name: 'dock' }]);
    // Only the alter and the drop were new texts: the create, insert and select ran their kept statements again.
    expect(statements.size).toBe(kept + 2);
    await db.destroy();
  });

  it('gives a statement of its own to a read asked while the kept one is still stepping', () => {
    const { sqlite } = openDatabase({ databaseUrl: undefined, dataDir: ':memory:' });
    if (!sqlite) throw new Error('not SQLite');
    const statements = new KeptStatements(sqlite, 10);
    const text = 'select value from json_each(json_array(1, 2))';
    const rows = statements.prepare(text).iterate([]);
    expect(rows.next().value).toEqual({ value: 1 });
    expect(statements.prepare(text).all([])).toEqual([{ value: 1 }, { value: 2 }]);
    expect(rows.next().value).toEqual({ value: 2 });
    rows.return?.();
    expect(statements.prepare(text)).toBe(statements.prepare(text));
    statements.close();
  });

  it('rolls a failed transaction back and commits the next one', async () => {
    const { db } = scratch(10);
    await sql`create table things (id integer primary key)`.execute(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('things').values({ id: 1 }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction().execute((trx) => trx.insertInto('things').values({ id: 2 }).execute());
    expect(await db.selectFrom('things').select('id').execute()).toEqual([{ id: 2 }]);
    await db.destroy();
  });
});

describe("a shopper's words never add a statement", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop({ database: 'sqlite' });
  });
  afterAll(() => shop.close());

  it('searches, suggestions, filters and product ids of new text reuse the statements of the first ones', async () => {
    const driver = driverOf(shop.db);
    if (driver.kind !== 'sqlite') throw new Error('not SQLite');
    const http = client(shop.app);
    const browse = async (word: string) => {
      for (const path of [
        `/products?search=${word}`,
        `/products?search=${word}&category=${word}&page=2`,
        `/products/suggest?q=${word}`,
        `/products?attr.${word}=${word}`,
        `/products/${word}`,
      ]) {
        expect((await http.get(path)).statusCode).toBeLessThan(500);
      }
    };
    for (let i = 0; i < 3; i += 1) await browse(`zq${i}x`);
    const afterFirst = driver.statements.size;
    for (let i = 3; i < 100; i += 1) await browse(`zq${i}x`);
    expect(driver.statements.size).toBe(afterFirst);
  });
});
