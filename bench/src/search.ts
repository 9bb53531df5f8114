/**
 * How fast does the shop search, and how does it grow with the catalogue?
 *
 *   npm run search --workspace bench [sizes…] [--only=sqlite|postgres]      (default: 1000 100000)
 *
 * For each size, a fresh database (SQLite; and PostgreSQL too when BENCH_DATABASE_URL is set)
 * gets that many generated products with varied titles and specifications (a dozen kinds of
 * accessory, brands, speeds, wattages, ports), then each request is asked in process
 * (the server's own time: routing, queries, JSON; no network): 7 times just after a catalogue
 * change (cold: the total and facets counted afresh) and 25 times again (warm: the answer kept).
 */
import { buildApp } from '../../server/src/app.js';
import { fillWithGenerated } from './generated-products.js';
import { GENEROUS_LIMITS } from './generous-limits.js';
import { askInProcess, benchDatabases, changeCatalogue, scratchShop } from './scratch-shop.js';

const SIZES = process.argv.slice(2).map(Number).filter(Boolean);
// `--only=postgres` (or sqlite) measures one database.
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (!SIZES.length) SIZES.push(1000, 100_000);
const RUNS = 25;
const COLD_RUNS = 7;

const REQUESTS = [
  '/products?q=ethernet%20adapter',
  '/products?q=usb%20c%20hub%2013%20ports',
  '/products?q=etherent%20adaptor',
  '/products?q=veloxa%2065w%20charger&sort=price_asc',
  '/products?q=pendrive&inStock=true',
  '/products?category=storage',
  '/products?category=lan%20adapters&attr.Speed=2.5&attr.Speed=10',
  '/products?category=usb%20hubs&minPrice=1000&maxPrice=5000&sort=discount',
  '/products/suggest?q=doc',
  '/products/suggest?q=veloxa%20ch',
  // How India types: filler words dropped, a price in words, a typo while suggesting.
  '/products?q=best%20usb%20c%20hub%20for%20macbook',
  '/products?q=sasta%20charger%20under%201000',
  '/products/suggest?q=chargr',
];

/** Fills a fresh database with `size` products and prints a row per request as soon as it is measured. */
async function benchSize(dialect: 'sqlite' | 'postgres', size: number): Promise<void> {
  const shop = await scratchShop(dialect);
  try {
    const seconds = await fillWithGenerated(shop, size);
    console.error(`${dialect} ${size}: imported in ${seconds.toFixed(1)} s (${Math.round(size / seconds)} products/s)`);
    const app = await buildApp({ db: shop.db, services: shop.services, rateLimits: GENEROUS_LIMITS, webDistDir: '' });
    const ask = askInProcess(app);
    for (const url of REQUESTS) {
      // The first answer reads the store's vocabulary once; it is not counted.
      await ask(url);
      // Asked first after a catalogue change: everything counted afresh.
      const cold: number[] = [];
      for (let run = 0; run < COLD_RUNS; run++) {
        await changeCatalogue(shop);
        cold.push((await ask(url)).ms);
      }
      // Asked again while the catalogue stands still: the answer is kept.
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run++) warm.push((await ask(url)).ms);
      console.log(
        `| ${dialect} | ${size.toLocaleString('en-IN')} | \`${url}\` | ${ms(at(cold, 0.5))} | ${ms(at(warm, 0.5))} | ${ms(at(warm, 0.95))} |`,
      );
    }
    await app.close();
  } finally {
    await shop.close();
  }
}

function at(times: number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(
  `Each request asked ${COLD_RUNS} times just after a catalogue change (cold), then ${RUNS} times again (warm) (+ the 44 demo products)\n`,
);
console.log('| database | products | request | cold p50 | warm p50 | warm p95 |');
console.log('|---|---|---|---|---|---|');
for (const dialect of benchDatabases().filter((name) => !only || name === only)) {
  for (const size of SIZES) await benchSize(dialect, size);
}
