import fs from 'node:fs';
import { buildApp, createServices } from './app.js';
import { readConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/open.js';
import { ensureDemoStore } from './seed/seed.js';

const config = readConfig();
const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
if (config.seedDemo) await ensureDemoStore(createServices(db));

fs.mkdirSync(config.mediaDir, { recursive: true });
const app = await buildApp({
  db,
  rateLimits: config.rateLimits,
  logger: { level: config.logLevel },
  merchantMediaDir: config.mediaDir,
  trustProxy: config.trustProxy,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining requests');
  await app.close();
  // Requests whose shopper hung up are still running; let them finish with the database open.
  await app.inFlight.settled(10_000);
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `The shop is open at http://localhost:${config.port} (${dialect === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
