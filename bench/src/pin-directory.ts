// The PIN directory: how long a shop's start spends loading India's 19,159 PINs into an empty
// database (and a start that finds them loaded), and what a PIN look-up costs, on SQLite and, with
// BENCH_DATABASE_URL, PostgreSQL.
import { postgresUrl, scratchShop } from './scratch-shop.js';

const LOOKUPS = 2000;
const PINS = ['411038', '500001', '194101', '560001', '110001', '999999'];

async function benchOne(dialect: 'sqlite' | 'postgres') {
  const shop = await scratchShop(dialect);
  try {
    const { pincodes } = shop.services;
    // scratchShop loaded it, as a start does: empty it to time the first load.
    await shop.db.deleteFrom('pincodes').execute();
    await shop.db.deleteFrom('pincode_directory').execute();
    let started = performance.now();
    const rows = await pincodes.ensureLoaded();
    const firstLoad = performance.now() - started;
    started = performance.now();
    await pincodes.ensureLoaded();
    const laterStart = performance.now() - started;
    started = performance.now();
    for (let index = 0; index < LOOKUPS; index++) await pincodes.lookup(PINS[index % PINS.length] ?? '411038');
    const perLookup = ((performance.now() - started) * 1000) / LOOKUPS;
    console.log(
      `| ${dialect} | ${rows} | ${firstLoad.toFixed(0)} ms | ${laterStart.toFixed(1)} ms | ${perLookup.toFixed(0)} µs |`,
    );
  } finally {
    await shop.close();
  }
}

console.log('| database | PINs loaded | first load | a later start | one look-up |');
console.log('|---|---|---|---|---|');
await benchOne('sqlite');
if (postgresUrl) await benchOne('postgres');
