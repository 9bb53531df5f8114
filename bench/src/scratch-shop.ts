import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createServices, type Services } from '../../server/src/app.js';
import { type DatabaseTarget, migrateToLatest, openDatabase } from '../../server/src/db/open.js';
import type { Database } from '../../server/src/db/schema.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import type { Store } from '../../server/src/modules/stores/service.js';
import { catalogueChanged } from '../../server/src/modules/stores/versions.js';
import { ensureDemoStore } from '../../server/src/seed/seed.js';

/** The PostgreSQL server the benches may use besides SQLite. */
export const postgresUrl = process.env.BENCH_DATABASE_URL;

/** The databases a bench measures: SQLite, and PostgreSQL when BENCH_DATABASE_URL is set. */
export const benchDatabases = (): ('sqlite' | 'postgres')[] => (postgresUrl ? ['sqlite', 'postgres'] : ['sqlite']);

export interface ScratchShop {
  db: Database;
  services: Services;
  /** The demo store, as a first start seeds it. */
  store: Store;
  /** The shop's folder (SQLite's database file, pictures). */
  dataDir: string;
  /** PostgreSQL only: the schema made for this run. */
  schema?: string;
  /** Closes the database and removes it (the folder, or the schema). */
  close(): Promise<void>;
}

/**
 * A fresh database with the demo store for one run of a bench: a new SQLite folder in the
 * temporary folder, or a new schema on BENCH_DATABASE_URL's server.
 */
export async function scratchShop(
  dialect: 'sqlite' | 'postgres',
  options: Pick<DatabaseTarget, 'log'> = {},
): Promise<ScratchShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const schema = dialect === 'postgres' && postgresUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  if (schema) await onServer((admin) => admin.query(`create schema ${schema}`));
  const { db } = openDatabase({
    databaseUrl: schema ? postgresUrl : undefined,
    dataDir,
    ...(schema ? { schema } : {}),
    ...options,
  });
  await migrateToLatest(db, schema);
  const services = createServices(db);
  // As the shop's start does: orders are checked against the PIN directory.
  await services.pincodes.ensureLoaded();
  await ensureDemoStore(services);
  const store = await services.stores.defaultStore();
  if (!store) throw new Error('the demo store was not seeded');
  return {
    db,
    services,
    store,
    dataDir,
    ...(schema ? { schema } : {}),
    async close() {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await onServer((admin) => admin.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * The scratch shop of another process (its `dataDir` and `schema`), opened again in this one;
 * closing it closes the connection and leaves the database to its maker.
 */
export async function reopenScratchShop(dataDir: string, schema: string | undefined): Promise<ScratchShop> {
  const { db } = openDatabase({
    databaseUrl: schema ? postgresUrl : undefined,
    dataDir,
    ...(schema ? { schema } : {}),
  });
  const services = createServices(db);
  const store = await services.stores.defaultStore();
  if (!store) throw new Error('the scratch shop has no store');
  return { db, services, store, dataDir, ...(schema ? { schema } : {}), close: () => db.destroy() };
}

/** Runs `work` on a connection of its own to BENCH_DATABASE_URL's server. */
export async function onServer(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A catalogue change as the shop makes one, in a write transaction: every process, this one
 * included, counts its listings afresh from the next request.
 */
export const changeCatalogue = (shop: ScratchShop) =>
  writeTransaction(shop.db, (trx) => catalogueChanged(trx, shop.store.id));

/** Asks the app for `url` under /api/v1 in process (no network); its time in ms and its JSON. A non-200 fails the bench. */
export function askInProcess(app: FastifyInstance, headers: Record<string, string> = {}) {
  return async (url: string) => {
    const started = performance.now();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { host: 'localhost:8044', ...headers },
    });
    if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    return { ms: performance.now() - started, body: answer.json() as Record<string, unknown> };
  };
}
