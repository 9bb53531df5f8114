/**
 * The catalogue's first page, the shop against Medusa v2, on the databases `npm run setup` made:
 * both servers run at once, one production process each; autocannon drives them in turn
 * (shop, Medusa, Medusa, shop, Medusa, Medusa … BENCH_ROUNDS, 2, times), BENCH_CONNECTIONS (50)
 * connections, 1 s of warming up before each BENCH_SECONDS (10) measured, after a first warm-up of
 * 5 s on each call. Each load starts once neither server is still answering the last one's queue;
 * besides requests/s and latency it reports each server process's own CPU time per answer.
 *
 *   the shop:  GET /api/v1/products?page=1&limit=12           (what the storefront asks for page 1)
 *   Medusa:    GET /store/products?limit=12&offset=0&region_id=…&fields=*variants.calculated_price,
 *              +variants.inventory_quantity,+metadata,+tags    (what Medusa's Next.js starter asks)
 *              GET /store/products?limit=12                   (Medusa's default fields: no prices)
 *
 * Every request asks `accept-encoding: br, gzip`, as a browser does; Medusa's get the publishable key.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { exited, startShopProcess } from '../../src/shop-process.js';
import { databaseUrl, MEDUSA_CLI, MEDUSA_DIR, medusaDatabaseUrl, SHOP_DATABASE } from './common.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SHOP_PORT = 8474;
const MEDUSA_PORT = 9474;
const PAGE_SIZE = 12;
const ENCODING = { 'accept-encoding': 'br, gzip' };

async function startMedusa(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MEDUSA_CLI, 'start'], {
    cwd: path.join(MEDUSA_DIR, '.medusa/server'),
    env: { ...process.env, NODE_ENV: 'production', PORT: String(MEDUSA_PORT), DATABASE_URL: medusaDatabaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its log read and dropped, as a process manager would take it.
  child.stdout?.resume();
  // Medusa loads its modules, links and workflows first: 20–50 s on a busy two-core machine.
  for (const until = Date.now() + 300_000; Date.now() < until; ) {
    const up = await fetch(`http://localhost:${MEDUSA_PORT}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('Medusa did not start');
}

interface Answer {
  status: number;
  encoding: string;
  /** bytes of the body as sent, and of the JSON inside */
  wire: number;
  json: number;
  body: unknown;
}

/** One answer, as the load's client gets it (still compressed), and its JSON. */
function fetchOnce(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'] ?? 'plain';
          const json =
            encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({
            status: response.statusCode ?? 0,
            encoding,
            wire: raw.length,
            json: json.length,
            body: JSON.parse(json.toString('utf8')),
          });
        });
      })
      .on('error', reject);
  });
}

/** CPU time a process has used so far, in clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Waits until neither server is still working off requests a finished load left queued (a slow
 * server goes on answering them after autocannon has stopped), so the next load has the CPU alone.
 */
async function settle(pids: number[]) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const before = pids.map(cpuTicks);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // under 10% of a core each over the half second (clock ticks are 1/100 s)
    if (pids.every((pid, index) => cpuTicks(pid) - (before[index] ?? 0) < 5)) return;
  }
}

let serverPids: number[] = [];
/** A slow answer still counts (autocannon's own limit is 10 s): it is the latency to report. */
async function load(url: string, headers: Record<string, string>, duration: number) {
  await settle(serverPids);
  return autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 60 });
}

const rate = (value: number) => Math.round(value).toLocaleString('en-IN');

const medusaDb = new pg.Client({ connectionString: medusaDatabaseUrl() });
await medusaDb.connect();
// Medusa's migrations make a default channel with a key of its own: take the key of the channel the products are in.
const key = (
  await medusaDb.query(
    `select k.token from api_key k
       join publishable_api_key_sales_channel l on l.publishable_key_id = k.id and l.deleted_at is null
       join sales_channel c on c.id = l.sales_channel_id
      where k.type = 'publishable' and k.revoked_at is null and c.name = 'Bench web shop'`,
  )
).rows[0]?.token as string | undefined;
const region = (await medusaDb.query(`select id from region where currency_code = 'inr'`)).rows[0]?.id as
  | string
  | undefined;
await medusaDb.end();
if (!key || !region) throw new Error('Medusa has no publishable key or INR region: run `npm run setup` first');

const medusaHeaders = { ...ENCODING, 'x-publishable-api-key': key };
const calls = [
  {
    name: 'the shop, `/api/v1/products?page=1&limit=12`',
    url: `http://localhost:${SHOP_PORT}/api/v1/products?page=1&limit=${PAGE_SIZE}`,
    headers: ENCODING,
    server: 0,
  },
  {
    name: "Medusa, `/store/products` with prices and stock (its Next.js starter's fields)",
    url: `http://localhost:${MEDUSA_PORT}/store/products?limit=${PAGE_SIZE}&offset=0&region_id=${region}&fields=${encodeURIComponent('*variants.calculated_price,+variants.inventory_quantity,+metadata,+tags')}`,
    headers: medusaHeaders,
    server: 1,
  },
  {
    name: 'Medusa, `/store/products?limit=12` (default fields, no prices)',
    url: `http://localhost:${MEDUSA_PORT}/store/products?limit=${PAGE_SIZE}`,
    headers: medusaHeaders,
    server: 1,
  },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-medusa-'));
const shop = await startShopProcess(
  {
    DATABASE_URL: databaseUrl(SHOP_DATABASE),
    DATA_DIR: work,
    SEED_DEMO: 'false',
    WORKERS: '1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
  },
  SHOP_PORT,
  'drain',
);
let medusa: ChildProcess | undefined;
try {
  medusa = await startMedusa();
  serverPids = [shop.pid, medusa.pid ?? 0];
  console.log('\nWhat each call answers:\n');
  console.log('| call | status | products / total | body sent | JSON |');
  console.log('|---|---|---|---|---|');
  const answers = [];
  for (const call of calls) {
    const answer = await fetchOnce(call.url, call.headers);
    const body = answer.body as { data?: unknown[]; products?: unknown[]; count?: number };
    const items = body.data ?? body.products ?? [];
    console.log(
      `| ${call.name} | ${answer.status} | ${items.length} / ${body.count} | ${answer.wire.toLocaleString('en-IN')} B ${answer.encoding} | ${answer.json.toLocaleString('en-IN')} B |`,
    );
    answers.push(answer);
  }
  if (process.env.BENCH_SHOW_ANSWERS) for (const answer of answers) console.log(JSON.stringify(answer.body, null, 2));

  for (const call of calls) await load(call.url, call.headers, 5);

  const results = calls.map(() => [] as autocannon.Result[]);
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each after 1 s of warming up, in turn:\n`);
  console.log(
    '| round | call | req/s | p50 | p99 | server CPU per answer | bytes per answer (with headers) | failed |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [index, call] of calls.entries()) {
      await load(call.url, call.headers, 1);
      const pid = serverPids[call.server] ?? 0;
      await settle(serverPids);
      const ticks = cpuTicks(pid);
      const result = await load(call.url, call.headers, SECONDS);
      // The server's own CPU time (not PostgreSQL's) per request, less swayed by the machine's other
      // work: until it has also answered what was still in flight when the load stopped, over all sent.
      await settle(serverPids);
      const sent = (result.requests as { sent?: number }).sent ?? result.requests.total;
      const cpu = (10 * (cpuTicks(pid) - ticks)) / Math.max(sent, 1);
      results[index]?.push(result);
      const failed = result.non2xx + result.errors + result.timeouts;
      console.log(
        `| ${round} | ${call.name} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${cpu.toFixed(1)} ms | ${rate(result.throughput.total / Math.max(result.requests.total, 1))} B | ${failed} |`,
      );
    }
  }
  console.log('\nThe shop against each Medusa call, round by round (requests/s, shop ÷ Medusa):\n');
  const shopRuns = results[0] ?? [];
  for (const [index, call] of calls.entries()) {
    if (index === 0) continue;
    const ratios = shopRuns.map((run, round) => {
      const other = results[index]?.[round];
      return other ? (run.requests.average / other.requests.average).toFixed(2) : '-';
    });
    console.log(`- against ${call.name}: ${ratios.join(', ')}`);
  }
} finally {
  if (medusa) {
    medusa.kill('SIGTERM');
    await exited(medusa);
  }
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
