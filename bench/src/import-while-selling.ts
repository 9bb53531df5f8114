/**
 * Does the shop keep taking orders while the merchant imports a large catalogue beside it?
 *
 *   npm run import-while-selling --workspace bench [rows]
 *
 * Starts the shop on a fresh embedded database, then runs `store products import` of a generated
 * catalogue (100,000 rows by default) in its own process while a shopper places an order every
 * 100 ms. Reports each answer's status and the orders' latency.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBenchCatalogue } from './bench-catalogue.js';
import { benchAddress, signedInShopper, startShopProcess } from './shop-process.js';

const ROWS = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-selling-'));
const shop = await startShopProcess({ DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' }, 8460);

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
  const started = performance.now();
  let importCode: number | null | undefined;
  void shop.store('products', 'import', file).then((code) => {
    importCode = code;
  });
  const answers: { status: number; ms: number }[] = [];
  while (importCode === undefined) {
    const sent = performance.now();
    const response = await post('/orders', { products: { [product.id]: 1 }, shippingAddress: benchAddress }, token);
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
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
