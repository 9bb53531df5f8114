/**
 * How long the storefront holds a phone's main thread while it opens a page, measured so that a
 * busy machine changes it little: the CPU time of each main-thread task, not its wall time.
 *
 *   npm run main-thread --workspace bench                                   # this checkout
 *   BENCH_BEFORE_DIR=../older-checkout npm run main-thread --workspace bench   # and another, in turn
 *   PAGES=/,/products RUNS=9 npm run main-thread --workspace bench
 *
 * Each page is opened RUNS times (7 by default) in Chromium on a Pixel-sized screen, without a
 * service worker, with a trace of the renderer. Every task of the page's main thread counts by its
 * CPU time (`tdur`) times 4: Lighthouse's mobile setting slows the CPU 4×, and on a machine shared
 * with other work a task's wall time is mostly waiting for a core. From those tasks:
 * - **blocking**: the sum, over tasks after the first contentful paint, of what each lasts beyond
 *   50 ms (Total Blocking Time's rule, up to the page being taken over and 1.5 s after);
 * - **longest**: the longest task after the first paint;
 * - **main thread**: the CPU time of all the page's tasks (times 4), before the first paint too.
 * With BENCH_BEFORE_DIR, both builds are served at once and each run opens the page on one, then
 * the other, so both meet the same load. Each figure is the median of the runs. Both storefronts
 * must be built (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPOSITORY, type ShopProcess, startShopProcess } from './shop-process.js';
import { onMainThread, pageParsing, type TraceEvent } from './trace-events.js';

const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((file) => file && fs.existsSync(file));
if (!chromePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install -y chromium');
const RUNS = Number(process.env.RUNS ?? 7);
const SLOWDOWN = 4;

interface Figures {
  blockingMs: number;
  longestMs: number;
  mainThreadMs: number;
}

const browser = await chromium.launch({
  executablePath: chromePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    // With DevTools attached (as Playwright is), every Error made while a script loads records a
    // detailed stack, and V8 re-parses each function on it for its source positions: ReactDOM makes
    // five at load, so its whole module was parsed twice, 40–60 ms a shopper's phone never spends.
    // Positions made as each function compiles keep the measure to the page's own work.
    '--js-flags=--no-enable-lazy-source-positions',
  ],
});

async function open(url: string): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] },
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    // Asked through the protocol, a tiny task: Playwright's own waiting would evaluate its helper
    // script in the page, a long task of its own in the measure.
    const interactive = async () =>
      (await cdp.send('Runtime.evaluate', { expression: 'document.documentElement.dataset.interactive' })).result
        .value === 'true';
    for (let waited = 0; !(await interactive()); waited += 100) {
      if (waited > 30_000) throw new Error(`${url} was not taken over within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await cdp.send('Tracing.end');
    await complete;
    // The page's address once redirected (`/product/{id}` answers 301 to its readable address).
    const landed = page.url();
    const parsing = pageParsing(events, landed);
    if (!parsing) throw new Error(`no trace of ${url}`);
    const painted = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parsing.pid);
    const tasks = onMainThread(events, parsing)
      .filter((event) => event.name === 'RunTask')
      .map((task) => ({ at: task.ts, ms: ((task.tdur ?? 0) / 1000) * SLOWDOWN }));
    const afterPaint = tasks.filter((task) => task.at >= (painted?.ts ?? 0));
    return {
      blockingMs: afterPaint.reduce((sum, task) => sum + Math.max(0, task.ms - 50), 0),
      longestMs: Math.max(0, ...afterPaint.map((task) => task.ms)),
      mainThreadMs: tasks.reduce((sum, task) => sum + task.ms, 0),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-main-thread-'));
const builds: { name: string; shop: ShopProcess }[] = [];
try {
  const before = process.env.BENCH_BEFORE_DIR;
  if (before)
    builds.push({
      name: 'before',
      shop: await startShopProcess(
        { DATA_DIR: path.join(work, 'before'), DATABASE_URL: '' },
        8491,
        'drain',
        path.resolve(before),
      ),
    });
  builds.push({
    name: before ? 'after' : 'this build',
    shop: await startShopProcess({ DATA_DIR: path.join(work, 'after'), DATABASE_URL: '' }, 8492, 'drain', REPOSITORY),
  });
  // Each demo store's first product, asked once (its id differs from one database to the other).
  const firstProducts = new Map<ShopProcess, string>();
  for (const { shop } of builds) {
    const { data } = (await (await fetch(`${shop.api}/products?limit=1`)).json()) as { data: { id: string }[] };
    firstProducts.set(shop, data[0]?.id ?? '');
  }
  const pages = process.env.PAGES?.split(',') ?? ['/', '/products', '/product/{id}'];
  console.log(
    `${RUNS} runs per page and build, CPU time × ${SLOWDOWN}, medians; load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log('| page | build | blocking (TBT rule) | longest task | main thread |');
  console.log('|---|---|---|---|---|');
  for (const page of pages) {
    const runs = new Map<string, Figures[]>(builds.map(({ name }) => [name, []]));
    for (let run = 0; run < RUNS; run += 1)
      for (const { name, shop } of builds) {
        const url = shop.origin + page.replace('{id}', firstProducts.get(shop) ?? '');
        runs.get(name)?.push(await open(url));
      }
    for (const [name, figures] of runs) {
      const of = (key: keyof Figures) => Math.round(median(figures.map((figure) => figure[key])));
      console.log(`| ${page} | ${name} | ${of('blockingMs')} ms | ${of('longestMs')} ms | ${of('mainThreadMs')} ms |`);
    }
  }
  console.log(`load average at the end ${os.loadavg()[0]?.toFixed(1)}`);
} finally {
  await browser.close();
  for (const { shop } of builds) await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
