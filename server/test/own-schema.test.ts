import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { watchStoreChanges } from '../src/db/change-watch.js';
import { migrateToLatest, openDatabase } from '../src/db/open.js';

const url = process.env.TEST_DATABASE_URL;
const schemas: string[] = [];

async function onServer(query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

async function newSchema(): Promise<string> {
  const schema = `own_${randomBytes(6).toString('hex')}`;
  await onServer(`create schema ${schema}`);
  schemas.push(schema);
  return schema;
}

afterAll(async () => {
  for (const schema of schemas) await onServer(`drop schema ${schema} cascade`);
});

describe.skipIf(!url)('a shop on a PostgreSQL server shared with others', () => {
  it('runs its sessions without JIT compilation, keeping the settings its address gives', async () => {
    const own = await newSchema();
    const address = new URL(url ?? '');
    address.searchParams.set('options', `-c search_path=${own} -c application_name=own-shop`);
    const shop = openDatabase({ databaseUrl: address.href, dataDir: '' });
    try {
      const { rows } = await sql<{ jit: string; schema: string; name: string }>`
        select current_setting('jit') as jit, current_schema() as schema, current_setting('application_name') as name`.execute(
        shop.db,
      );
      expect(rows[0]).toEqual({ jit: 'off', schema: own, name: 'own-shop' });
    } finally {
      await shop.db.destroy();
    }
  });

  it("migrates its own schema whatever another schema holds, even another shop's migrations", async () => {
    // A neighbour, migrated: its kysely_migration table must not pass for this shop's.
    const neighbour = await newSchema();
    const first = openDatabase({ databaseUrl: url, dataDir: '', schema: neighbour });
    await migrateToLatest(first.db, neighbour);
    await first.db.destroy();

    // This shop reaches its schema by the connection's search_path, as a server configured for it
    // would, without naming it to the migrator.
    const own = await newSchema();
    const address = new URL(url ?? '');
    address.searchParams.set('options', `-c search_path=${own}`);
    const shop = openDatabase({ databaseUrl: address.href, dataDir: '' });
    try {
      await migrateToLatest(shop.db);
      const { rows } = await onServer(
        `select count(*)::int as tables from information_schema.tables where table_schema = '${own}'`,
      );
      expect(rows[0].tables).toBeGreaterThan(20);
      const products = await shop.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(products?.n)).toBe(0);
    } finally {
      await shop.db.destroy();
    }
  });

  it("hears its own stores' changes, not those of another shop's schema", async () => {
    const shops = await Promise.all(
      [await newSchema(), await newSchema()].map(async (schema) => {
        const { db } = openDatabase({ databaseUrl: url, dataDir: '', schema });
        await migrateToLatest(db, schema);
        return { db, watch: await watchStoreChanges(db) };
      }),
    );
    const [own, other] = shops as [(typeof shops)[number], (typeof shops)[number]];
    const settled = () => new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const before = own.watch.mark();
      const otherBefore = other.watch.mark();
      // Written on another connection, as another process would: only the announcement tells.
      await onServer(`update ${await schemaOf(other.db)}.stores set stock_version = stock_version + 1`);
      await settled();
      expect(other.watch.mark()).not.toBe(otherBefore);
      expect(own.watch.mark()).toBe(before);

      await onServer(`update ${await schemaOf(own.db)}.stores set stock_version = stock_version + 1`);
      await settled();
      expect(own.watch.mark()).not.toBe(before);
    } finally {
      for (const shop of shops) {
        await shop.watch.close();
        await shop.db.destroy();
      }
    }
  });
});

async function schemaOf(db: ReturnType<typeof openDatabase>['db']): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? '';
}
