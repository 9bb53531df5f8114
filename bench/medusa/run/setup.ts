/**
 * Makes both databases from nothing, with the same 1,000 products (the shop's bench catalogue):
 *
 *   medusa_bench: `medusa db:migrate`, then src/scripts/seed-bench.ts by `medusa exec`, then `medusa build`
 *   store_bench:  `store init --file samples/store.json`, then `store products import` of the same CSV
 *
 * An existing database of either name is dropped first.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { writeBenchCatalogue } from '../../src/bench-catalogue.js';
import {
  databaseUrl,
  MEDUSA_CLI,
  MEDUSA_DATABASE,
  MEDUSA_DIR,
  medusaDatabaseUrl,
  POSTGRES_URL,
  PRODUCTS,
  REPOSITORY,
  run,
  SHOP_DATABASE,
} from './common.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-medusa-'));
try {
  const catalogue = writeBenchCatalogue(PRODUCTS, work);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  for (const name of [MEDUSA_DATABASE, SHOP_DATABASE]) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();

  const medusaEnv = { NODE_ENV: 'production', DATABASE_URL: medusaDatabaseUrl(), BENCH_CATALOGUE: catalogue };
  console.log(`\nMedusa: migrating ${MEDUSA_DATABASE}, loading ${PRODUCTS} products, building`);
  await run(process.execPath, [MEDUSA_CLI, 'db:migrate'], { cwd: MEDUSA_DIR, env: medusaEnv });
  await run(process.execPath, [MEDUSA_CLI, 'exec', './src/scripts/seed-bench.ts'], { cwd: MEDUSA_DIR, env: medusaEnv });
  await run(process.execPath, [MEDUSA_CLI, 'build'], { cwd: MEDUSA_DIR, env: medusaEnv });
  // The build is the project to deploy (.medusa/server); it uses this folder's packages.
  const modules = path.join(MEDUSA_DIR, '.medusa/server/node_modules');
  if (!fs.existsSync(modules)) fs.symlinkSync(path.join(MEDUSA_DIR, 'node_modules'), modules, 'dir');

  console.log(`\nThe shop: creating the store in ${SHOP_DATABASE}, importing the same ${PRODUCTS} products`);
  // The database is PostgreSQL; the shop's files (pictures, outbox) go to the scratch folder.
  const shopEnv = { DATABASE_URL: databaseUrl(SHOP_DATABASE), DATA_DIR: work, LOG_LEVEL: 'warn' };
  const store = path.join(REPOSITORY, 'server/bin/store.js');
  await run(process.execPath, [store, 'init', '--file', path.join(REPOSITORY, 'samples/store.json')], {
    cwd: REPOSITORY,
    env: shopEnv,
  });
  await run(process.execPath, [store, 'products', 'import', catalogue], { cwd: REPOSITORY, env: shopEnv });
  console.log('\nBoth are ready: npm run compare');
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
