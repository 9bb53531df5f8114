import fs from 'node:fs';
import { buildApp, createServices } from './app.js';
import { readConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/open.js';
import { startHousekeeping } from './housekeeping.js';
import { ensureDemoStore } from './seed/seed.js';

/** A setting or a store the shop cannot run with: one clear line, and no start. */
function refuseToStart(error: unknown): never {
  console.error(`The shop cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    return refuseToStart(error);
  }
})();
const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
const services = createServices(db, { payments: config.payments, orders: config.orders });
if (config.seedDemo) await ensureDemoStore(services);
// Every store's payments are checked before the shop opens: a misconfigured provider stops it here.
const paymentNotes = await services.stores
  .all()
  .then((stores) => services.payments.checkStores(stores))
  .catch(refuseToStart);

fs.mkdirSync(config.mediaDir, { recursive: true });
const app = await buildApp({
  db,
  services,
  rateLimits: config.rateLimits,
  logger: { level: config.logLevel },
  merchantMediaDir: config.mediaDir,
  trustProxy: config.trustProxy,
});

let stopHousekeeping = () => {};
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining requests');
  stopHousekeeping();
  await app.close();
  // Requests whose shopper hung up are still running; let them finish with the database open.
  await app.inFlight.settled(10_000);
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
for (const note of paymentNotes) app.log.warn(note);
stopHousekeeping = startHousekeeping(services, app.log);
app.log.info(
  `The shop is open at http://localhost:${config.port} (${dialect === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
