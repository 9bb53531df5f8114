/**
 * How close the shop's catalogue reads come to the speed of the machine: each call against the
 * shop as `npm start` serves it (its default log level, answers compressed), and against a bare
 * Node server that answers the very same bytes and headers, fetched from the shop once. The ratio
 * shop/bare is what the shop's own work costs.
 *
 *   npm run read-speed --workspace bench                                   # SQLite
 *   BENCH_DATABASE_URL=postgres://… npm run read-speed --workspace bench   # PostgreSQL as well
 *   BENCH_SHOP_DIR=<another checkout> npm run read-speed --workspace bench # an older version of the shop
 *
 * Each database gets a fresh shop with the demo store; autocannon drives each call for
 * BENCH_SECONDS (5) with 50 connections after a second of warming up, the bare server in a
 * process of its own. Shop and bare take turns for BENCH_ROUNDS (3) rounds, and each figure is the
 * median of its rounds, the ratio the median of each round's shop/bare: a machine whose load
 * changes from one second to the next moves both sides of a round alike.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { exited, startShopProcess } from './shop-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const SHOP_PORT = 8471;
const BARE_PORT = 8472;
const ASKED_HEADERS = { 'accept-encoding': 'br, gzip' };
/** Headers of the connection, not of the answer: the bare server sends its own. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

/** The bare server: `read-speed.ts --bare <answers.json> <port>` answers each path with its recorded bytes. */
function serveBare(file: string, port: number) {
  const answers = new Map(
    Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Answer>).map(([url, answer]) => [
      url,
      { ...answer, body: Buffer.from(answer.body, 'base64') },
    ]),
  );
  http
    .createServer((request, response) => {
      const answer = answers.get(request.url ?? '');
      if (!answer) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(answer.status, answer.headers).end(answer.body);
    })
    .listen(port, () => process.send?.('listening'));
}

/** The raw answer (still compressed) and its headers, as a client asking with `ASKED_HEADERS` gets them. */
function record(origin: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + url, { headers: ASKED_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!CONNECTION_HEADERS.has(name) && value !== undefined)
              headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function startBare(answers: Record<string, Answer>, work: string): Promise<ChildProcess> {
  const file = path.join(work, 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--bare', file, String(BARE_PORT)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

async function withDatabase<T>(
  dialect: 'sqlite' | 'postgres',
  work: string,
  use: (env: NodeJS.ProcessEnv) => Promise<T>,
) {
  if (dialect === 'sqlite') return use({ DATA_DIR: fs.mkdtempSync(path.join(work, 'db-')), DATABASE_URL: '' });
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? '';
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return await use({ DATA_DIR: work, DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A second of the same load first, so neither server is measured while its code is still being compiled. */
async function load(url: string) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: ASKED_HEADERS });
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: ASKED_HEADERS });
}

async function benchDatabase(dialect: 'sqlite' | 'postgres', work: string) {
  await withDatabase(dialect, work, async (env) => {
    // The shop's own log level (info: two lines per request), its output read as a process manager would.
    const shop = await startShopProcess({ ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' }, SHOP_PORT, 'drain');
    let bare: ChildProcess | undefined;
    try {
      const list = (await (await fetch(`${shop.api}/products`)).json()) as { data: { id: string }[]; count: number };
      const product = list.data[0];
      if (!product) throw new Error('the demo store has no products');
      const calls = [
        { name: 'GET /products (first page)', url: '/api/v1/products' },
        { name: 'GET /products/{id}', url: `/api/v1/products/${product.id}` },
        { name: 'GET /storeInfo', url: '/api/v1/storeInfo' },
      ];
      const answers: Record<string, Answer> = {};
      for (const call of calls) answers[call.url] = await record(shop.origin, call.url);
      bare = await startBare(answers, work);

      console.log(
        `\n${dialect}, demo store (${list.count} products), ${CONNECTIONS} connections, ${SECONDS} s each, median of ${ROUNDS} rounds:\n`,
      );
      console.log('| call | answer | shop req/s | shop p99 | bare req/s | bare p99 | shop/bare |');
      console.log('|---|---|---|---|---|---|---|');
      for (const call of calls) {
        const answer = answers[call.url] as Answer;
        const size = Buffer.from(answer.body, 'base64').length;
        const shopRounds: autocannon.Result[] = [];
        const bareRounds: autocannon.Result[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          shopRounds.push(await load(shop.origin + call.url));
          bareRounds.push(await load(`http://localhost:${BARE_PORT}${call.url}`));
        }
        const failed = shopRounds.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
        const ratio = median(
          shopRounds.map((result, round) => result.requests.average / (bareRounds[round]?.requests.average ?? 1)),
        );
        const perSecond = (results: autocannon.Result[]) =>
          Math.round(median(results.map((result) => result.requests.average))).toLocaleString('en-IN');
        const p99 = (results: autocannon.Result[]) => median(results.map((result) => result.latency.p99));
        console.log(
          `| ${call.name} | ${answer.status}, ${size} B ${answer.headers['content-encoding'] ?? 'plain'} | ${perSecond(shopRounds)}${failed ? ` (${failed} failed)` : ''} | ${p99(shopRounds)} ms | ${perSecond(bareRounds)} | ${p99(bareRounds)} ms | ${Math.round(100 * ratio)}% |`,
        );
      }
    } finally {
      if (bare) {
        bare.kill('SIGTERM');
        await exited(bare);
      }
      await shop.stop();
    }
  });
}

if (process.argv[2] === '--bare') {
  serveBare(process.argv[3] ?? '', Number(process.argv[4]));
} else {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reads-'));
  try {
    await benchDatabase('sqlite', work);
    if (process.env.BENCH_DATABASE_URL) await benchDatabase('postgres', work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
