/**
 * A tap as soon as the control shows, on a throttled phone: how long until the shop has done it.
 *
 *   npm run early-actions --prefix bench          # RUNS=5 for more; BENCH_SHOP_DIR=<checkout> for another build
 *
 * Each run opens a page in a fresh context (empty cache, no service worker) at 360×780 with slow 4G
 * (150 ms, 1.6 Mbit/s down) and a 4× slower CPU through the DevTools protocol, taps Add to Cart on
 * a product page (or signs in on /login) the moment the button is visible, and waits until the cart
 * shows the product (or the shop says the shopper is signed in), for 20 s at most. Times are the
 * page's own clock from the start of navigation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { startShopProcess } from './shop-process.js';

const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((file) => file && fs.existsSync(file));
if (!executablePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install -y chromium');
const RUNS = Number(process.env.RUNS ?? 3);
const PATIENCE_MS = 20_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-early-'));
const shop = await startShopProcess({ DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' }, 8482, 'drain');
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

interface Run {
  tapAt: number;
  /** Whether the app had taken the page over when the tap was made. */
  interactiveAtTap: boolean;
  doneAt: number | null;
}

const now = (page: Page) => page.evaluate(() => performance.now());

async function measure(
  url: string,
  fill: (page: Page) => Promise<void>,
  control: (page: Page) => Locator,
  done: (page: Page) => Promise<unknown>,
) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(shop.origin + url, { waitUntil: 'commit' });
  await fill(page);
  await control(page).waitFor();
  // As a string: the bench's own TypeScript has no DOM.
  const [tapAt, interactiveAtTap] = (await page.evaluate(
    '[performance.now(), document.documentElement.hasAttribute("data-interactive")]',
  )) as [number, boolean];
  await control(page).tap();
  const doneAt = await done(page).then(
    () => now(page),
    (error: Error) => {
      if (process.env.BENCH_DEBUG) console.log(error.message, page.url());
      return null;
    },
  );
  await context.close();
  return { tapAt, interactiveAtTap, doneAt } satisfies Run;
}

const row = (what: string, run: Run) =>
  `| ${what} | ${Math.round(run.tapAt)} ms | ${run.interactiveAtTap ? 'yes' : 'no'} | ${
    run.doneAt === null ? `not done in ${PATIENCE_MS / 1000} s` : `${Math.round(run.doneAt - run.tapAt)} ms`
  } |`;

try {
  const { data } = (await (await fetch(`${shop.api}/products?category=lan%20adapters&limit=100`)).json()) as {
    data: { id: string; title: string; stock: number; attributes: { key: string }[] }[];
  };
  const product = data.find((item) => item.stock > RUNS && !item.attributes.some((a) => /^sizes?$/i.test(a.key)));
  if (!product) throw new Error('no simple product in stock');
  const email = `bench.${Date.now()}@example.in`;
  const password = 'chai-and-code';
  const registered = await fetch(`${shop.api}/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, firstName: 'Asha', lastName: 'Rao' }),
  });
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);

  console.log('| action | tapped at | page interactive then | tap → done |');
  console.log('|---|---|---|---|');
  for (let run = 0; run < RUNS; run += 1) {
    const addToCart = await measure(
      `/product/${product.id}`,
      async () => {},
      (page) => page.getByRole('button', { name: 'Add to Cart' }),
      async (page) => {
        await page.waitForURL(/\/cart$/, { timeout: PATIENCE_MS });
        // The cart's line, not the "Added to cart" toast that names the product too.
        await page
          .getByRole('listitem')
          .filter({ hasText: product.title })
          .filter({ hasText: 'Quantity' })
          .waitFor({ timeout: PATIENCE_MS });
      },
    );
    console.log(row('Add to Cart', addToCart));
    const signIn = await measure(
      '/login',
      async (page) => {
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill(password);
      },
      (page) => page.getByRole('button', { name: 'Sign In' }),
      (page) => page.getByText('Logged in successfully.').waitFor({ timeout: PATIENCE_MS }),
    );
    console.log(row('sign-in', signIn));
  }
} finally {
  await browser.close();
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
