/**
 * Sign-in under a crowd, against a shop process (scrypt at N = 2^17, as shipped):
 * 1. a burst: 30 wrong passwords at once for one email, with LOGIN_FAILURES_PER_EMAIL=4: how many
 *    passwords were checked (401) and how many refused before hashing (429);
 * 2. a flood: 60 wrong passwords at once from 60 addresses (X-Forwarded-For, TRUST_PROXY=true),
 *    and meanwhile a real shopper from another address signs in with the right password, and a
 *    product picture (a static file, read on libuv's thread pool like scrypt) is fetched every
 *    100 ms. Reports how the shopper and the flood were answered, and the picture's latency.
 *
 *   npm run sign-in-flood --workspace bench
 *   BENCH_SHOP_DIR=../other-checkout npm run sign-in-flood --workspace bench   # compare another commit
 *   BENCH_DATABASE_URL=postgres://… BENCH_REDIS_URL=redis://… …                 # counters elsewhere
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShopProcess } from './shop-process.js';

const BURST = Number(process.env.BENCH_BURST ?? 30);
const BURST_LIMIT = 4;
const FLOOD = Number(process.env.BENCH_SIGN_INS ?? 60);
const PICTURE = '/media/products/nk-cab-001.svg';
const HIGH = '100000';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((counts, status) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function shopWith(env: NodeJS.ProcessEnv, port: number) {
  const shop = await startShopProcess(
    {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flood-')),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      TRUST_PROXY: 'true',
      LOGIN_ATTEMPTS_PER_IP: HIGH,
      LOGIN_FAILURES_PER_EMAIL: HIGH,
      LOGIN_FAILURES_PER_EMAIL_ANYWHERE: HIGH,
      REGISTRATIONS_PER_IP: HIGH,
      ...env,
    },
    port,
  );
  const post = async (url: string, body: unknown, address = '10.0.0.1') => {
    const started = performance.now();
    const response = await fetch(shop.api + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const shopper = { email: `flood.${Date.now()}@example.in`, password: 'correct horse' };
  await post('/users/register', { ...shopper, firstName: 'Asha', lastName: 'Rao' });
  return { shop, post, shopper };
}

console.log(`shop: ${process.env.BENCH_SHOP_DIR ?? 'this checkout'}`);
console.log(
  `counters: ${process.env.BENCH_REDIS_URL ? 'Redis' : process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
);

{
  const { shop, post, shopper } = await shopWith({ LOGIN_FAILURES_PER_EMAIL: String(BURST_LIMIT) }, 18471);
  try {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => post('/users/authorize', { ...shopper, password: `guess-${i}` })),
    );
    console.log(
      `burst: ${BURST} wrong passwords at once, limit ${BURST_LIMIT}: ${tally(answers.map((a) => a.status))} (401 = checked)`,
    );
  } finally {
    await shop.stop();
  }
}

{
  const { shop, post, shopper } = await shopWith({}, 18472);
  try {
    const quiet: number[] = [];
    for (let i = 0; i < 20; i++) quiet.push(await timed(shop.origin + PICTURE));
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        post('/users/authorize', { email: `stranger${i}@example.in`, password: 'guess' }, `10.9.${i >> 8}.${i & 255}`),
      ),
    ).finally(() => {
      flooding = false;
    });
    // The shopper arrives just after the flood, from an address of their own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const real = post('/users/authorize', shopper, '10.8.0.1');
    const during: number[] = [];
    while (flooding) {
      during.push(await timed(shop.origin + PICTURE));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [answers, shopperAnswer] = await Promise.all([flood, real]);
    console.log(`flood: ${FLOOD} wrong passwords from ${FLOOD} addresses: ${tally(answers.map((a) => a.status))}`);
    console.log(
      `real shopper during the flood: ${shopperAnswer.status} after ${(shopperAnswer.ms / 1000).toFixed(1)} s`,
    );
    console.log(`picture, quiet:          median ${percentile(quiet, 50).toFixed(1)} ms`);
    console.log(
      `picture, during flood:   median ${percentile(during, 50).toFixed(0)} ms, p95 ${percentile(during, 95).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} fetches)`,
    );
  } finally {
    await shop.stop();
  }
}
