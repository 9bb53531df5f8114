/**
 * How many shoppers one shop process serves: requests per second and latency of the calls a
 * browsing and buying shopper makes, on a catalogue of realistic size.
 *
 *   npm run api-load --workspace bench [rows]                       # SQLite
 *   BENCH_DATABASE_URL=postgres://… npm run api-load --workspace bench   # PostgreSQL as well
 *
 * Each database gets a fresh shop with the demo store plus `rows` generated products (50,000 by
 * default), then autocannon drives each call for a few seconds with 20 connections.
 */

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { benchAddress, signedInShopper, startShopProcess } from './shop-process.js';

const ROWS = Number(process.argv[2] ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;
const postgresUrl = process.env.BENCH_DATABASE_URL;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const catalogue = writeBenchCatalogue(ROWS, work);

const residentMb = (pid: number) =>
  Math.round(
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024,
  );

async function withDatabase<T>(dialect: 'sqlite' | 'postgres', use: (env: NodeJS.ProcessEnv) => Promise<T>) {
  if (dialect === 'sqlite') return use({ DATA_DIR: fs.mkdtempSync(path.join(work, 'db-')), DATABASE_URL: '' });
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${name}`;
    return await use({ DATA_DIR: work, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

async function benchDatabase(dialect: 'sqlite' | 'postgres') {
  await withDatabase(dialect, async (env) => {
    const shop = await startShopProcess(
      {
        ...env,
        LOGIN_ATTEMPTS_PER_IP: '100000',
        REGISTRATIONS_PER_IP: '100000',
        // One shopper places every order of the run: the shop's limits on one account would refuse them.
        ORDERS_PER_ACCOUNT: '1000000',
        ORDERS_PER_IP: '1000000',
        MAX_OPEN_ORDERS: '1000000',
        MAX_OPEN_ORDERS_PER_ADDRESS: '1000000',
      },
      8470,
    );
    try {
      if ((await shop.store('products', 'import', catalogue)) !== 0) throw new Error('the import failed');
      await shop.store('products', 'stock', 'NK-LAN-002', '1000000');
      const token = await signedInShopper(shop.api);
      const { data } = (await (await fetch(`${shop.api}/products?category=LAN%20Adapters&limit=100`)).json()) as {
        data: { id: string; sku: string }[];
      };
      const product = data.find((item) => item.sku === 'NK-LAN-002');
      if (!product) throw new Error('NK-LAN-002 is not in the demo catalogue');
      const total = ((await (await fetch(`${shop.api}/products?limit=1`)).json()) as { count: number }).count;

      // What the storefront asks for: home, listings, a product; then placing an order.
      const calls: { name: string; path: string; options?: Partial<autocannon.Options> }[] = [
        { name: 'GET /storeInfo', path: '/api/v1/storeInfo' },
        { name: 'home: first category, 4', path: '/api/v1/products?page=1&limit=4&category=lan%20adapters' },
        { name: 'all products, page 1', path: '/api/v1/products?page=1&limit=12' },
        { name: 'a category, page 400', path: '/api/v1/products?page=400&limit=12&category=lan%20adapters' },
        {
          name: 'a category and type, page 2',
          path: '/api/v1/products?page=2&limit=12&category=lan%20adapters&parentCategory=Series%205',
        },
        { name: 'featured products, page 1', path: '/api/v1/products?page=1&limit=12&featured=true' },
        { name: 'GET /products/{id}', path: `/api/v1/products/${product.id}` },
        {
          name: 'POST /orders (1 item)',
          path: '/api/v1/orders',
          options: {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ products: { [product.id]: 1 }, shippingAddress: benchAddress }),
          },
        },
      ];
      console.log(
        `\n${dialect}, ${total.toLocaleString('en-IN')} products, ${CONNECTIONS} connections, ${SECONDS} s each:\n`,
      );
      console.log('| call | requests/s | p50 | p99 | answers not 2xx | errors |');
      console.log('|---|---|---|---|---|---|');
      for (const call of calls) {
        const result = await autocannon({
          url: shop.origin + call.path,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers: { 'accept-encoding': 'br, gzip' },
          ...call.options,
        });
        console.log(
          `| ${call.name} | ${Math.round(result.requests.average).toLocaleString('en-IN')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} | ${result.errors + result.timeouts} |`,
        );
      }
      console.log(`\nshop process resident set after the run: ${residentMb(shop.pid)} MB`);
    } finally {
      await shop.stop();
    }
  });
}

try {
  await benchDatabase('sqlite');
  if (postgresUrl) await benchDatabase('postgres');
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
