import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { toProduct } from '../src/modules/catalog/product-row.js';
import { freePort, until } from './processes.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const FAILURES_PER_EMAIL = 4;

let dataDir: string;
let port: number;
let primary: ChildProcess;
let exited: Promise<number | null>;

/** The pids of a process's server workers (not the helpers its tooling starts), from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The state field's end: the command name in parentheses may itself hold spaces.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** One request on a connection of its own, so the primary hands it to the next worker. */
function ask(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: response.statusCode ?? 0, json: () => JSON.parse(text) });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('WORKERS', () => {
  it('defaults to one process on SQLite and a process per core, at most 8, on PostgreSQL', () => {
    expect(readConfig({}).workers).toBe(1);
    expect(readConfig({ DATABASE_URL: 'postgres://shop@db/shop' }).workers).toBe(
      Math.min(os.availableParallelism(), 8),
    );
    expect(readConfig({ WORKERS: '3' }).workers).toBe(3);
  });

  it('refuses what is not a number of processes, with the reason', () => {
    for (const workers of ['0', 'two', '2.5', '65'])
      expect(() => readConfig({ WORKERS: workers })).toThrow(
        'WORKERS must be a whole number of server processes, 1 to 64.',
      );
  });
});

// Real processes on the embedded database; the rules they share are tested in process on both databases.
describe.skipIf(process.env.TEST_DATABASE_URL)('WORKERS=2: two server processes behind one port', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-workers-'));
    port = await freePort();
    const { DATABASE_URL: _url, ...inherited } = process.env;
    primary = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...inherited,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LOGIN_FAILURES_PER_EMAIL: String(FAILURES_PER_EMAIL),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => primary.once('exit', (code) => resolve(code)));
    let output = '';
    primary.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    primary.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until('the shop to open', () => (output.includes('with 2 server processes') ? true : undefined), 90_000);
  }, 120_000);

  afterAll(async () => {
    if (primary.exitCode === null) primary.kill('SIGKILL');
    for (const pid of primary.pid ? childrenOf(primary.pid) : []) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs two workers under one primary, both answering on the one port', async () => {
    expect(childrenOf(primary.pid ?? 0)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask('GET', '/api/v1/health')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('counts failed sign-ins across both workers against one limit', async () => {
    const attempt = () =>
      ask('POST', '/api/v1/users/authorize', { email: 'asha@example.in', password: 'not it at all' });
    for (let failure = 1; failure <= FAILURES_PER_EMAIL; failure++) expect((await attempt()).status).toBe(401);
    // Each worker saw only half of them: the limit holds because the count lives in the database.
    expect((await attempt()).status).toBe(429);
  });

  it('serves a price changed by another process from every worker at once', async () => {
    const { db } = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const services = createServices(db);
      const store = await services.stores.defaultStore();
      if (!store) throw new Error('no demo store');
      const product = await db.selectFrom('products').selectAll().where('store_id', '=', store.id).executeTakeFirst();
      if (!product) throw new Error('no demo product');
      const before = (await ask('GET', `/api/v1/products/${product.id}`)).json() as { regularPrice: number };
      // As the `store` command or the back office of another process changes it: through the catalogue.
      const { id: _id, imgUrl: _img, createdAt: _created, attributes, ...input } = toProduct(product);
      await services.catalog.updateOne(
        store.id,
        product.id,
        { ...input, attributes, regularPrice: before.regularPrice + 100, discountedPrice: null },
        {},
      );
      const prices = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const answer = (await ask('GET', `/api/v1/products/${product.id}`)).json() as { regularPrice: number };
          return answer.regularPrice;
        }),
      );
      expect(prices).toEqual(Array(4).fill(before.regularPrice + 100));
    } finally {
      await db.destroy();
    }
  });

  it('starts another worker when one dies, and keeps answering', async () => {
    const [victim] = childrenOf(primary.pid ?? 0);
    if (!victim) throw new Error('no worker');
    process.kill(victim, 'SIGKILL');
    const replaced = await until('a new worker', () => {
      const now = childrenOf(primary.pid ?? 0);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    });
    expect(replaced).not.toContain(victim);
    await until('both workers to listen', async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, () => ask('GET', '/api/v1/health')));
      return answers.every((answer) => answer.status === 200) ? true : undefined;
    });
  }, 60_000);

  it('drains every worker on SIGTERM and exits 0', async () => {
    const workers = childrenOf(primary.pid ?? 0);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(workers.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
  }, 60_000);
});
