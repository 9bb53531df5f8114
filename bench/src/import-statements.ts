/**
 * Where a first import's time goes, and the least it could take: `store products import` of the
 * bench catalogue on a fresh shop, every statement timed through Kysely's log and summed by what it
 * writes; and a dry run of the same file (read, checked and staged, nothing written), which is
 * what the reading costs on its own.
 *
 *   npm run import-statements --workspace bench                          # SQLite, 1,00,000 rows
 *   npm run import-statements --workspace bench -- 1000000 sqlite       # the size, and one database
 *   BENCH_DATABASE_URL=postgres://… npm run import-statements --workspace bench   # PostgreSQL as well
 *
 * The rows each product needs, whatever the import's design: the product and its indexes, its
 * specifications, its search words and its shares of the listing sums, as the import writes them.
 * Their time per row is the floor of any import on this schema and machine: SQLite has one writer,
 * so no import writes them faster than one connection does here, even with the reading free and
 * beside it on another core; PostgreSQL could write from every core, but no faster than the cores
 * do the writing and the reading between them. 10,000 rows/s leaves 100 µs a row for everything.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../server/src/cli/main.js';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { benchDatabases, type ScratchShop, scratchShop } from './scratch-shop.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const ONLY = process.argv[3] as 'sqlite' | 'postgres' | undefined;

/** What a statement writes, by the start of its text; the first that matches names it. */
const KINDS: [kind: string, each: boolean, pattern: RegExp][] = [
  ['the product row and its indexes', true, /^insert into products /],
  ['its specifications', true, /^insert into product_specs /],
  ['its search words', true, /^insert into (product_search|product_search_ids|product_words) /],
  ['its shares of the listing sums', true, /^(insert into (listing_|pending_)|create temp table pending_)/],
  ['showing what was written hidden', false, /^update products as p set hidden = 0/],
  [
    'staging (the rows read, compared)',
    false,
    /^(insert into temp\.|insert into catalogue_import|select .* from "?products"?)/,
  ],
  ['commits', false, /^commit/],
  ['copying the write-ahead log', false, /^pragma wal_checkpoint/],
];
const OTHER = 'everything else';

/** Statement times summed by kind: `record` hears each statement's text and milliseconds. */
function statementTimes() {
  const times = new Map<string, number>();
  const record = (statement: string, ms: number) => {
    const text = statement.replace(/\s+/g, ' ').trim().toLowerCase();
    const kind = KINDS.find(([, , pattern]) => pattern.test(text))?.[0] ?? OTHER;
    times.set(kind, (times.get(kind) ?? 0) + ms);
  };
  return { times, record };
}

async function importInto(shop: ScratchShop, file: string, ...options: string[]): Promise<number> {
  const started = performance.now();
  const code = await run(['products', 'import', file, ...options], {
    stdout: () => {},
    stderr: (text) => {
      if (text.startsWith('Error')) process.stderr.write(text);
    },
    cwd: path.dirname(file),
    connect: async () => ({ db: shop.db, services: shop.services, close: async () => {} }),
    database: () => ({}),
  });
  if (code !== 0) throw new Error(`the import exited with ${code}`);
  return (performance.now() - started) / 1000;
}

const perRow = (ms: number) => `${Math.round((ms * 1000) / ROWS)} µs`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function benchOne(dialect: 'sqlite' | 'postgres', file: string) {
  const dry = await scratchShop(dialect);
  const reading = await importInto(dry, file, '--dry-run').finally(() => dry.close());

  const { times, record } = statementTimes();
  const shop = await scratchShop(dialect, { log: (event) => record(event.query.sql, event.queryDurationMillis) });
  times.clear(); // the migrations and the demo store
  const whole = await importInto(shop, file).finally(() => shop.close());

  const needed = KINDS.filter(([, each]) => each).reduce((sum, [kind]) => sum + (times.get(kind) ?? 0), 0);
  const all = [...times.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\n${dialect}, ${ROWS.toLocaleString('en-IN')} rows: the import ${whole.toFixed(1)} s (${Math.round(ROWS / whole).toLocaleString('en-IN')} rows/s), its statements ${seconds(all)}`,
  );
  console.log('| statements | time | a row |');
  console.log('|---|---|---|');
  for (const [kind, each] of KINDS) {
    const ms = times.get(kind) ?? 0;
    console.log(`| ${each ? '**' : ''}${kind}${each ? '**' : ''} | ${seconds(ms)} | ${perRow(ms)} |`);
  }
  console.log(`| ${OTHER} | ${seconds(times.get(OTHER) ?? 0)} | ${perRow(times.get(OTHER) ?? 0)} |`);
  console.log(`| **what every row needs (bold above)** | **${seconds(needed)}** | **${perRow(needed)}** |`);
  console.log(
    `| a dry run of the file (reading, checking, staging; no writing) | ${reading.toFixed(1)} s | ${perRow(reading * 1000)} |`,
  );
  // The writing and the reading share the cores; on SQLite the writing has one of them at most.
  const cores = os.availableParallelism();
  const sharingCores = (needed + reading * 1000) / cores;
  const floor = dialect === 'sqlite' ? Math.max(needed, sharingCores) : sharingCores;
  const rate = (ms: number) => Math.round((ROWS * 1000) / ms).toLocaleString('en-IN');
  console.log(
    `At most ${rate(floor)} rows/s for any import on this machine (one writer: ${rate(needed)}; the writing and the reading on ${cores} cores: ${rate(sharingCores)}).`,
  );
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-statements-'));
console.log(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
try {
  const file = writeBenchCatalogue(ROWS, work);
  for (const dialect of benchDatabases().filter((dialect) => !ONLY || ONLY === dialect)) await benchOne(dialect, file);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
}
