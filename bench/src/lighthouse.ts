/**
 * Lighthouse (mobile, its default throttling) on the shop's three busiest pages, as a search engine
 * and a shopper's phone meet them: the demo store served as `npm start` serves it.
 *
 *   npm run lighthouse --workspace bench          # needs CHROME_PATH or /usr/bin/chromium
 *   BENCH_SHOP_DIR=../old-checkout npm run lighthouse --workspace bench   # another build, to compare
 *   PAGES=/,/products RUNS=5 LIGHTHOUSE_REPORTS=reports npm run lighthouse --workspace bench
 *
 * Each page is opened once unmeasured (the shop makes its pictures' copies then), then measured RUNS
 * times (3 by default) in a fresh headless Chromium; the median of each figure is reported. The
 * storefront must be built (`npm run build`). PAGES picks some of the three pages (`/product/{id}`
 * stands for the first product); LIGHTHOUSE_REPORTS names a folder to keep each run's full report in
 * (its treemap, unused script and main-thread breakdown). LIGHTHOUSE_TASKS=1
 * prints, from the trace Lighthouse took, each task of the page's main thread that its 4× slower CPU
 * makes a long task (12.5 ms of this machine's time or more), its CPU time and what it held, then the
 * long tasks as Lighthouse's simulation placed them: what TBT is made of.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startShopProcess } from './shop-process.js';
import { onMainThread, pageParsing, type TraceEvent } from './trace-events.js';

const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((file) => file && fs.existsSync(file));
if (!chromePath) throw new Error('Chromium not found: set CHROME_PATH or apt-get install -y chromium');
const RUNS = Number(process.env.RUNS ?? 3);
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const TASKS = process.env.LIGHTHOUSE_TASKS === '1';
if (REPORTS) fs.mkdirSync(REPORTS, { recursive: true });

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
  /** Lighthouse's measure of this machine's speed at the time (its `benchmarkIndex`). */
  benchmarkIndex: number;
}

/** Lighthouse on `url` in a fresh headless Chromium, closed after. */
async function runLighthouse(url: string, categories?: string[]) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/**
 * A page opened once, unmeasured, before its runs: the shop makes a picture's phone-sized copies on
 * the first request for them (sharp, on the same cores as the browser), work a first run would
 * otherwise count as the page's.
 */
async function warmUp(url: string): Promise<void> {
  await runLighthouse(url, ['performance']);
}

async function measure(url: string, reportName: string): Promise<Figures> {
  const result = await runLighthouse(url);
  if (REPORTS) fs.writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  if (TASKS) {
    printLongTasks(reportName, result.artifacts.Trace.traceEvents as TraceEvent[]);
    printSimulatedLongTasks(audits);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const scripts = (
    audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items?.filter((item) => item.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    scriptKb: (scripts ?? []).reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

/**
 * The page's main-thread tasks long enough to count once Lighthouse slows them 4×, each with the
 * events that took most of it (by self time: an event's time less its children's).
 */
function printLongTasks(reportName: string, events: TraceEvent[]): void {
  const parsing = pageParsing(events);
  if (!parsing) return;
  const main = onMainThread(events, parsing)
    .filter((event) => event.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const selfTime = new Map<TraceEvent, number>();
  const open: TraceEvent[] = [];
  for (const event of main) {
    while (open.length > 0 && (open.at(-1)?.ts ?? 0) + (open.at(-1)?.dur ?? 0) <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) selfTime.set(parent, (selfTime.get(parent) ?? 0) - (event.dur ?? 0));
    selfTime.set(event, (selfTime.get(event) ?? 0) + (event.dur ?? 0));
    open.push(event);
  }
  console.log(`${reportName}: main-thread tasks of 12.5 ms or more (ms from the page's first byte parsed)`);
  const long = main.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) >= 12_500);
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const byName = new Map<string, number>();
    for (const event of main)
      if (event !== task && event.ts >= task.ts && event.ts < end) {
        const script = event.args?.data?.url?.split('/').pop();
        const name = event.name === 'FunctionCall' && script ? `${event.name} ${script}` : event.name;
        byName.set(name, (byName.get(name) ?? 0) + (selfTime.get(event) ?? 0));
      }
    const held = [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
    console.log(
      `  at ${Math.round((task.ts - parsing.ts) / 1000)}: ${((task.dur ?? 0) / 1000).toFixed(1)} ms, CPU ${((task.tdur ?? 0) / 1000).toFixed(1)} ms (${held.join(', ')})`,
    );
  }
  // Lighthouse multiplies a task's wall time: what it lasted beyond its CPU time, the thread waited for a core.
  const sum = (key: 'dur' | 'tdur') => Math.round(long.reduce((total, task) => total + (task[key] ?? 0), 0) / 1000);
  console.log(`  in all: ${long.length} tasks, ${sum('dur')} ms long, ${sum('tdur')} ms of CPU`);
}

/**
 * The long tasks as Lighthouse's simulation placed them (its slowed CPU and network): TBT is what
 * each lasts beyond 50 ms between the first contentful paint and the page being interactive.
 */
function printSimulatedLongTasks(audits: Record<string, { numericValue?: number; details?: unknown }>): void {
  const at = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
  const items = (audits['long-tasks']?.details as { items?: { url?: string; startTime: number; duration: number }[] })
    ?.items;
  console.log(
    `  simulated: first contentful paint ${at('first-contentful-paint')} ms, interactive ${at('interactive')} ms`,
  );
  for (const task of items ?? [])
    console.log(
      `    at ${Math.round(task.startTime)}: ${Math.round(task.duration)} ms (${task.url?.split('/').pop() || 'unattributed'})`,
    );
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const shop = await startShopProcess(
  { DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' },
  Number(process.env.LIGHTHOUSE_SHOP_PORT ?? 8490),
);
try {
  const { data } = (await (await fetch(`${shop.api}/products?limit=1`)).json()) as { data: { id: string }[] };
  const chosen = process.env.PAGES?.split(',') ?? ['/', '/products', '/product/{id}'];
  const pages = chosen.map((page) => page.replace('{id}', data[0]?.id ?? ''));
  console.log(
    '| page | performance (range) | accessibility | best practices | SEO | LCP | CLS | TBT (range) | script (transferred) | benchmarkIndex (range) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const page of pages) {
    const runs: Figures[] = [];
    const name = page === '/' ? 'home' : page.split('/').filter(Boolean).slice(0, 2).join('-');
    let unfinished = 0;
    await warmUp(shop.origin + page);
    for (let run = 0; run < RUNS; run += 1) {
      const figures = await measure(shop.origin + page, `${name}-${run + 1}`);
      // A run Lighthouse could not finish (no paint seen, a timeout) has no TBT and scores 0: left out, and counted.
      if (Number.isFinite(figures.tbtMs) && figures.performance > 0) runs.push(figures);
      else unfinished += 1;
    }
    if (unfinished > 0) console.log(`(${page}: ${unfinished} of ${RUNS} runs unfinished, left out)`);
    const of = (key: keyof Figures) => median(runs.map((figures) => figures[key]));
    // The spread beside the median: on a shared machine one run can differ from the next by more than two builds do.
    const spread = (key: keyof Figures) =>
      `${Math.round(Math.min(...runs.map((figures) => figures[key])))}–${Math.round(Math.max(...runs.map((figures) => figures[key])))}`;
    console.log(
      `| ${page.replace(/\/product\/.+$/, '/product/{id}')} | ${of('performance')} (${spread('performance')}) | ${of('accessibility')} | ${of('bestPractices')} | ${of('seo')} | ${(of('lcpMs') / 1000).toFixed(1)} s | ${of('cls').toFixed(3)} | ${Math.round(of('tbtMs'))} ms (${spread('tbtMs')}) | ${of('scriptKb').toFixed(0)} KB | ${Math.round(of('benchmarkIndex'))} (${spread('benchmarkIndex')}) |`,
    );
  }
} finally {
  await shop.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
