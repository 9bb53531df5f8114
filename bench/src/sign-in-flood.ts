/**
 * Whether a flood of sign-ins stalls everything else: 60 sign-ins at once (scrypt, N = 2^17),
 * and meanwhile a product picture (a static file, read on libuv's thread pool like scrypt) is
 * fetched every 100 ms. Reports the picture's latency during the flood and how the sign-ins ended.
 *
 *   npm run sign-in-flood --workspace bench
 *   BENCH_SHOP_DIR=../other-checkout npm run sign-in-flood --workspace bench   # compare another commit
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startShopProcess } from './shop-process.js';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 60);
const PICTURE = '/media/products/nk-cab-001.svg';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

const shop = await startShopProcess(
  {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-flood-')),
    DATABASE_URL: '',
    LOGIN_ATTEMPTS_PER_IP: '100000',
    LOGIN_FAILURES_PER_EMAIL: '100000',
    LOGIN_FAILURES_PER_EMAIL_ANYWHERE: '100000',
    REGISTRATIONS_PER_IP: '100000',
  },
  8471,
);
try {
  const shopper = { email: `flood.${Date.now()}@example.in`, password: 'correct horse' };
  const post = (url: string, body: unknown) =>
    fetch(shop.api + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/users/register', { ...shopper, firstName: 'Asha', lastName: 'Rao' });

  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push(await timed(shop.origin + PICTURE));

  const started = performance.now();
  let flooding = true;
  const signIns = Promise.all(
    Array.from({ length: SIGN_INS }, async () => {
      const response = await post('/users/authorize', shopper);
      await response.arrayBuffer();
      return { status: response.status, ms: performance.now() - started };
    }),
  ).finally(() => {
    flooding = false;
  });
  const during: number[] = [];
  while (flooding) {
    during.push(await timed(shop.origin + PICTURE));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const answers = await signIns;
  const byStatus = Object.entries(
    answers.reduce<Record<number, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
  const signedIn = answers.filter((answer) => answer.status === 200).map((answer) => answer.ms);
  console.log(`shop: ${process.env.BENCH_SHOP_DIR ?? 'this checkout'}; ${SIGN_INS} sign-ins at once`);
  console.log(`picture, quiet:          median ${percentile(quiet, 50).toFixed(1)} ms`);
  console.log(
    `picture, during flood:   median ${percentile(during, 50).toFixed(0)} ms, p95 ${percentile(during, 95).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} fetches)`,
  );
  console.log(
    `sign-ins: ${byStatus}; the last answered after ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s`,
  );
  if (signedIn.length) {
    console.log(
      `signed in: median ${(percentile(signedIn, 50) / 1000).toFixed(1)} s, slowest ${(Math.max(...signedIn) / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await shop.stop();
}
