/**
 * Does the shop keep taking orders while the merchant imports a large catalogue beside it?
 *
 *   npm run import-while-selling --workspace bench [rows]
 *
 * Starts the shop on a fresh embedded database, then runs `store products import` of a generated
 * catalogue (100,000 rows by default) in its own process while a shopper places an order every
 * 100 ms. Reports each answer's status and the orders' latency.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBenchCatalogue } from './bench-catalogue.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const PORT = 8460;
const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-selling-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  DATA_DIR: path.join(work, 'data'),
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};
const api = `http://localhost:${PORT}/api/v1`;

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', resolve));

async function post(url: string, body: unknown, token?: string) {
  return fetch(api + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function waitForHealth() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const healthy = await fetch(`${api}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the shop did not start');
}

const shop = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: REPOSITORY,
  env,
  stdio: 'inherit',
});
try {
  await waitForHealth();
  const store = (...argv: string[]) =>
    spawn(process.execPath, ['server/bin/store.js', ...argv], { cwd: REPOSITORY, env, stdio: 'inherit' });
  // One product with stock for every order the run will place.
  await exited(store('products', 'stock', 'NK-LAN-002', '100000'));

  const email = `bench.${Date.now()}@example.in`;
  await post('/users/register', { email, password: 'correct horse', firstName: 'Asha', lastName: 'Rao' });
  const { token } = (await (await post('/users/authorize', { email, password: 'correct horse' })).json()) as {
    token: string;
  };
  const listed = (await (await fetch(`${api}/products?category=LAN%20Adapters&limit=100`)).json()) as {
    data: { id: string; sku: string }[];
  };
  const product = listed.data.find((item) => item.sku === 'NK-LAN-002');
  if (!product) throw new Error('NK-LAN-002 is not in the demo catalogue');
  const address = {
    fullName: 'Asha Rao',
    address: '12, 4th Cross, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560038',
    phone: '9845012345',
  };

  const file = writeBenchCatalogue(ROWS, work);
  const started = performance.now();
  const importing = store('products', 'import', file);
  let importCode: number | null | undefined;
  void exited(importing).then((code) => {
    importCode = code;
  });
  const answers: { status: number; ms: number }[] = [];
  while (importCode === undefined) {
    const sent = performance.now();
    const response = await post('/orders', { products: { [product.id]: 1 }, shippingAddress: address }, token);
    answers.push({ status: response.status, ms: performance.now() - sent });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0);
  const counted = new Map<number, number>();
  for (const { status } of answers) counted.set(status, (counted.get(status) ?? 0) + 1);
  const statuses = [...counted].map(([status, count]) => `${count} × ${status}`).join(', ');
  console.log('| rows imported | import exit | import took | orders placed meanwhile | answers | p50 | p95 | max |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${ROWS.toLocaleString('en-IN')} | ${importCode} | ${seconds.toFixed(1)} s | ${answers.length} | ${statuses} | ${at(0.5)} ms | ${at(0.95)} ms | ${at(1)} ms |`,
  );
} finally {
  shop.kill('SIGTERM');
  await exited(shop);
  fs.rmSync(work, { recursive: true, force: true });
}
