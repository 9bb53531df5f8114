/**
 * What a shopper's phone downloads to show the shop's main pages, compressed as served and
 * uncompressed (what it would cost without compression), in a real Chromium.
 *
 *   npm run page-weight --workspace bench        # needs CHROME_PATH or /usr/bin/chromium
 *
 * Each page opens in a fresh browser context (empty cache), on a phone-sized screen, and is
 * measured once the network is idle: every response's encoded body size and decoded size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices } from 'playwright-core';
import { startShopProcess } from './shop-process.js';

const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((file) => file && fs.existsSync(file));
if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install -y chromium');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-weight-'));
const shop = await startShopProcess({ DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' }, 8480);
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

interface Weight {
  requests: number;
  encodedKb: number;
  decodedKb: number;
}

async function weigh(url: string, acceptEncoding?: string): Promise<Weight> {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    ...(acceptEncoding ? { extraHTTPHeaders: { 'accept-encoding': acceptEncoding } } : {}),
  });
  const page = await context.newPage();
  const sizes: Promise<{ encoded: number; decoded: number }>[] = [];
  page.on('response', (response) => {
    sizes.push(
      Promise.all([response.request().sizes(), response.body().catch(() => Buffer.alloc(0))]).then(([size, body]) => ({
        encoded: size.responseBodySize,
        decoded: body.length,
      })),
    );
  });
  await page.goto(shop.origin + url, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  await context.close();
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  return {
    requests: all.length,
    encodedKb: kb(all.reduce((sum, size) => sum + size.encoded, 0)),
    decodedKb: kb(all.reduce((sum, size) => sum + size.decoded, 0)),
  };
}

try {
  const { data } = (await (await fetch(`${shop.api}/products?limit=1`)).json()) as { data: { id: string }[] };
  const pages = ['/', '/products', `/product/${data[0]?.id}`, '/cart'];
  console.log('| page | requests | downloaded (as served) | downloaded without compression | uncompressed size |');
  console.log('|---|---|---|---|---|');
  for (const url of pages) {
    const served = await weigh(url);
    const identity = await weigh(url, 'identity');
    console.log(
      `| ${url.replace(/^\/product\/.+$/, '/product/{id}')} | ${served.requests} | ${served.encodedKb} KB | ${identity.encodedKb} KB | ${served.decodedKb} KB |`,
    );
  }
} finally {
  await browser.close();
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
