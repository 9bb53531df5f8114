/**
 * Does the shop keep taking orders while the merchant imports a large catalogue beside it?
 *
 *   npm run import-while-selling --workspace bench [rows]
 *
 * Starts the shop on a fresh embedded database, then runs `store products import` of a generated
 * catalogue (100,000 rows by default) in its own process while a shopper places an order every
 * 100 ms. Reports each answer's status, the orders' latency (the slowest waited for the import's
 * write lock) and the import's peak resident memory (as /usr/bin/time measures it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { benchAddress, exited, REPOSITORY, signedInShopper, startShopProcess } from './shop-process.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-selling-'));
// Limits raised: the run places an order every 100 ms for minutes, which the shop's own limits would refuse (429, 409).
const shop = await startShopProcess(
  {
    DATA_DIR: path.join(work, 'data'),
    DATABASE_URL: '',
    ORDERS_PER_ACCOUNT: '100000',
    ORDERS_PER_IP: '100000',
    MAX_OPEN_ORDERS: '100000',
    MAX_OPEN_ORDERS_PER_ADDRESS: '100000',
  },
  8460,
);

/**
 * Another writer on the shop's file, in a thread of its own: every 50 ms it takes SQLite's write
 * lock and lets it go at once, and notes how long it waited. The longest wait is the longest the
 * import held the lock, as every other writer (the shop's orders) felt it.
 */
function lockProbe(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.module);
    const db = new Database(workerData.file);
    db.pragma('busy_timeout = 600000');
    let stop = false;
    let longest = 0;
    parentPort.on('message', () => { stop = true; });
    const probe = () => {
      const started = performance.now();
      db.exec('begin immediate');
      longest = Math.max(longest, performance.now() - started);
      db.exec('rollback');
      if (!stop) return setTimeout(probe, 50);
      db.close();
      parentPort.postMessage(longest);
    };
    probe();`,
    { eval: true, workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3') } },
  );
  return {
    async stop(): Promise<number> {
      const longest = new Promise<number>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const answer = await longest;
      await worker.terminate();
      return answer;
    },
  };
}

async function post(url: string, body: unknown, token?: string) {
  return fetch(shop.api + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

try {
  // One product with stock for every order the run will place.
  await shop.store('products', 'stock', 'NK-LAN-002', '100000');
  const token = await signedInShopper(shop.api);
  const listed = (await (await fetch(`${shop.api}/products?category=LAN%20Adapters&limit=100`)).json()) as {
    data: { id: string; sku: string }[];
  };
  const product = listed.data.find((item) => item.sku === 'NK-LAN-002');
  if (!product) throw new Error('NK-LAN-002 is not in the demo catalogue');

  const file = writeBenchCatalogue(ROWS, work);
  const probe = lockProbe(path.join(work, 'data', 'store.sqlite'));
  const started = performance.now();
  let importCode: number | null | undefined;
  // The import as the merchant runs it, in its own process, its peak resident set told by time(1).
  const importer = spawn(
    '/usr/bin/time',
    ['-f', 'peak-rss-kb %M', process.execPath, 'server/bin/store.js', 'products', 'import', file],
    {
      cwd: REPOSITORY,
      env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let importErr = '';
  importer.stderr?.on('data', (chunk) => {
    importErr += String(chunk);
  });
  void exited(importer).then((code) => {
    importCode = code;
  });
  const answers: { status: number; ms: number }[] = [];
  while (importCode === undefined) {
    const sent = performance.now();
    // No answer at all (the shop not listening) counts as status 0.
    const status = await post('/orders', { products: { [product.id]: 1 }, shippingAddress: benchAddress }, token).then(
      (response) => response.status,
      () => 0,
    );
    answers.push({ status, ms: performance.now() - sent });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const longestLockMs = await probe.stop();
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0);
  const counted = new Map<number, number>();
  for (const { status } of answers) counted.set(status, (counted.get(status) ?? 0) + 1);
  const statuses = [...counted].map(([status, count]) => `${count} × ${status}`).join(', ');
  const peakMb = Math.round(Number(/peak-rss-kb (\d+)/.exec(importErr)?.[1] ?? 0) / 1024);
  process.stderr.write(importErr.replace(/peak-rss-kb \d+\n?/, ''));
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
  console.log(
    '| rows imported | import exit | import took | import peak RSS | longest wait for the write lock | orders placed meanwhile | answers | p50 | p95 | max |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${ROWS.toLocaleString('en-IN')} | ${importCode} | ${seconds.toFixed(1)} s | ${peakMb} MB | ${Math.round(longestLockMs)} ms | ${answers.length} | ${statuses} | ${at(0.5)} ms | ${at(0.95)} ms | ${at(1)} ms |`,
  );
} finally {
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
