import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
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
});
