/**
 * How fast `store products import` loads a large catalogue, and how much memory it takes.
 *
 *   npm run import --workspace bench                        # SQLite, 10,000 and 100,000 rows
 *   BENCH_DATABASE_URL=postgres://… npm run import --workspace bench   # PostgreSQL as well
 *   npm run import --workspace bench -- 1000000 sqlite     # the sizes, and one database only
 *
 * Each size runs on a fresh database: a first import (every row new), a second import of the same
 * file (every row unchanged), and an export. Results go to RESULTS.md by hand, with the machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../server/src/cli/main.js';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { postgresUrl, scratchShop } from './scratch-shop.js';

const SIZES = (process.argv[2] ?? '10000,100000').split(',').map(Number);
const ONLY = process.argv[3] as 'sqlite' | 'postgres' | undefined;
const databases = (['sqlite', 'postgres'] as const).filter(
  (dialect) => (!ONLY || ONLY === dialect) && (dialect === 'sqlite' || postgresUrl),
);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));

/** Samples the resident set while `work` runs; returns seconds taken and the peak in MB. */
async function measure(work: () => Promise<number>): Promise<{ seconds: number; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const code = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the command exited with ${code}`);
  return { seconds, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024) };
}

async function benchOne(dialect: 'sqlite' | 'postgres', rows: number, file: string) {
  const shop = await scratchShop(dialect);
  const { db, services } = shop;
  const store = (...argv: string[]) =>
    run(argv, {
      stdout: () => {},
      stderr: (text) => {
        if (text.startsWith('Error')) process.stderr.write(text);
      },
      cwd: work,
      connect: async () => ({ db, services, close: async () => {} }),
      database: () => ({}),
    });

  global.gc?.();
  const first = await measure(() => store('products', 'import', file));
  const again = await measure(() => store('products', 'import', file));
  const exported = await measure(() => store('products', 'export', '--output', path.join(work, 'export.csv')));
  await shop.close();
  const mb = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `| ${dialect} | ${rows.toLocaleString('en-IN')} (${mb} MB) | ${first.seconds.toFixed(1)} s (${Math.round(rows / first.seconds).toLocaleString('en-IN')} rows/s) | ${again.seconds.toFixed(1)} s | ${exported.seconds.toFixed(1)} s | ${first.peakMb} / ${again.peakMb} / ${exported.peakMb} MB |`,
  );
}

console.log(
  `load average at the start: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
console.log('| database | rows (file) | first import | same file again | export | peak RSS (first / again / export) |');
console.log('|---|---|---|---|---|---|');
try {
  for (const rows of SIZES) {
    const file = writeBenchCatalogue(rows, work);
    for (const dialect of databases) await benchOne(dialect, rows, file);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
}
