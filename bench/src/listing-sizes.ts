/**
 * Does a catalogue page cost the same in a shop of 1,000 products and of 10,00,000?
 *
 *   npm run listing-sizes --workspace bench [sizes…] [--only=sqlite|postgres]   (default: 1000 100000)
 *   BENCH_DATABASE_URL=postgres://… npm run listing-sizes --workspace bench 1000 100000 1000000
 *
 * For each size, a fresh database gets that many generated products (see generated-products.ts),
 * imported by a process of its own (fill-generated.ts), then four listings are asked in process
 * (the server's own time: routing, queries, JSON; no network), each in three states:
 * - **counted afresh**: just after a catalogue change, as after an import or an edit;
 * - **page read**: after a stock change (a sale), which keeps the counts but not the answers;
 * - **answer kept**: asked again while nothing changed.
 * The plan of every query the listing runs, counted afresh, is written to
 * `bench/plans/listings-<database>-<size>.txt` (EXPLAIN QUERY PLAN on SQLite, EXPLAIN (ANALYZE,
 * BUFFERS) on PostgreSQL).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import type { CompiledQuery } from '../../server/src/db/open.js';
import type { Database } from '../../server/src/db/schema.js';
import { writeTransaction } from '../../server/src/db/transaction.js';
import { stockChanged } from '../../server/src/modules/stores/versions.js';
import { fillInOwnProcess } from './generated-products.js';
import { GENEROUS_LIMITS } from './generous-limits.js';
import { askInProcess, benchDatabases, changeCatalogue, scratchShop } from './scratch-shop.js';

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (!SIZES.length) SIZES.push(1000, 100_000);
const RUNS = 15;
const PLANS_DIR = path.resolve(import.meta.dirname, '../plans');

/** Storage is one kind in six of the generated catalogue; Veloxa's storage one in eight of that. */
const listings = (middlePage: number) => [
  ['all products, page 1', '/products?page=1&limit=12'],
  ['a category, page 1', '/products?page=1&limit=12&category=Storage'],
  ['a category and type, page 1', '/products?page=1&limit=12&category=Storage&parentCategory=Veloxa%20Storage'],
  [`a category, its middle page (${middlePage})`, `/products?page=${middlePage}&limit=12&category=Storage`],
];

async function benchSize(dialect: 'sqlite' | 'postgres', size: number): Promise<void> {
  // Every query the shop runs while `heard` is set, with its parameters, to explain afterwards.
  let heard: CompiledQuery[] | undefined;
  const shop = await scratchShop(dialect, {
    log: (event) => {
      if (event.level === 'query') heard?.push(event.query);
    },
  });
  try {
    const seconds = await fillInOwnProcess(shop, size);
    console.error(`${dialect} ${size}: imported in ${seconds.toFixed(1)} s`);
    const app = await buildApp({ db: shop.db, services: shop.services, rateLimits: GENEROUS_LIMITS, webDistDir: '' });
    const ask = askInProcess(app);
    const inCategory = Number((await ask('/products?limit=1&category=Storage')).body.count);
    const plans: string[] = [];
    for (const [name, url] of listings(Math.max(1, Math.ceil(inCategory / 12 / 2)))) {
      await ask(url as string);
      const counted: number[] = [];
      const read: number[] = [];
      const kept: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await changeCatalogue(shop);
        counted.push((await ask(url as string)).ms);
        await writeTransaction(shop.db, (trx) => stockChanged(trx, shop.store.id, false));
        read.push((await ask(url as string)).ms);
        kept.push((await ask(url as string)).ms);
      }
      console.log(
        `| ${dialect} | ${size.toLocaleString('en-IN')} | ${name} | ${ms(median(counted))} | ${ms(median(read))} | ${ms(median(kept))} |`,
      );
      await changeCatalogue(shop);
      heard = [];
      await ask(url as string);
      const queries: CompiledQuery[] = heard;
      heard = undefined;
      plans.push(`## ${name}: GET /api/v1${url}\n`);
      for (const query of queries) plans.push(await explain(shop.db, dialect, query));
    }
    fs.mkdirSync(PLANS_DIR, { recursive: true });
    fs.writeFileSync(path.join(PLANS_DIR, `listings-${dialect}-${size}.txt`), plans.join('\n'));
    await app.close();
  } finally {
    await shop.close();
  }
}

/** The query, its parameters, and how the database runs it. */
async function explain(db: Database, dialect: 'sqlite' | 'postgres', query: CompiledQuery): Promise<string> {
  const prefix = dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers) ';
  const { rows } = await db.executeQuery({ ...query, sql: prefix + query.sql });
  const plan = rows.map((row) => {
    const record = row as Record<string, unknown>;
    return dialect === 'sqlite' ? `  ${String(record.detail)}` : `  ${String(record['QUERY PLAN'])}`;
  });
  return [query.sql, `  -- parameters: ${JSON.stringify(query.parameters)}`, ...plan, ''].join('\n');
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(`Each listing asked ${RUNS} times in each state (+ the 44 demo products)\n`);
console.log('| database | products | listing | counted afresh, p50 | page read, p50 | answer kept, p50 |');
console.log('|---|---|---|---|---|---|');
for (const dialect of benchDatabases().filter((name) => !only || name === only)) {
  for (const size of SIZES) await benchSize(dialect, size);
}
