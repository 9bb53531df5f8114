/**
 * Fills a scratch shop made by another bench process with generated products, then exits (see
 * fillInOwnProcess): `node --import tsx src/fill-generated.ts <size>` with FILL_DATA_DIR and, on
 * PostgreSQL, FILL_SCHEMA and BENCH_DATABASE_URL.
 */
import { fillWithGenerated } from './generated-products.js';
import { reopenScratchShop } from './scratch-shop.js';

const size = Number(process.argv[2]);
const dataDir = process.env.FILL_DATA_DIR;
if (!dataDir || !(size > 0)) throw new Error('usage: FILL_DATA_DIR=… fill-generated.ts <size>');
const shop = await reopenScratchShop(dataDir, process.env.FILL_SCHEMA || undefined);
try {
  await fillWithGenerated(shop, size);
} finally {
  await shop.close();
}
