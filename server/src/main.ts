import fs from 'node:fs';
import { buildApp, createServices } from './app.js';
import { readConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/open.js';
import { probeWrite } from './db/write-probe.js';
import { startHousekeeping } from './housekeeping.js';
import { MailSender, startMailSender } from './modules/messages/sender.js';
import { NO_STORE_YET } from './modules/stores/service.js';
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
try {
  await migrateToLatest(db);
  // A shop that can show products but not store an order must not open.
  await probeWrite(db);
} catch (error) {
  const where = config.databaseUrl ? 'the PostgreSQL database' : `the database in ${config.dataDir}`;
  const reason = error instanceof Error ? error.message : String(error);
  refuseToStart(
    `${where} cannot be written (${reason}). Check the disk space, permissions and that it is not read-only.`,
  );
}
const services = createServices(db, {
  payments: config.payments,
  orders: config.orders,
  messages: { ...(config.mail.notifyEmail ? { notifyEmail: config.mail.notifyEmail } : {}), port: config.port },
});
const seeded = config.seedDemo ? await ensureDemoStore(services) : false;
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
  redisUrl: config.redisUrl,
  maxConnections: config.maxConnections,
});
if (config.trustProxy === true) {
  app.log.warn(
    "TRUST_PROXY=true believes any client's X-Forwarded-For, so a forged one escapes the rate limits: set it to the proxy's address (e.g. 127.0.0.1).",
  );
}

let stopHousekeeping = () => {};
let stopMailSender = async () => {};
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining requests');
  stopHousekeeping();
  await app.close();
  // The email being sent is finished and marked, so it is not sent again after the restart.
  await stopMailSender();
  // Requests whose shopper hung up are still running; let them finish with the database open.
  await app.inFlight.settled(10_000);
  await db.destroy();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (seeded)
  app.log.info(
    'Created the demo store on this empty database (SEED_DEMO=true); `npm run store -- init` makes your own instead.',
  );
if (!(await services.stores.exists())) app.log.warn(NO_STORE_YET);
for (const note of paymentNotes) app.log.warn(note);
stopHousekeeping = startHousekeeping(services, app.log);
stopMailSender = startMailSender(
  new MailSender(
    services.outbox,
    services.stores,
    {
      ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
      ...(config.mail.mailFrom ? { mailFrom: config.mail.mailFrom } : {}),
      outboxDir: config.mail.outboxDir,
    },
    app.log,
  ),
  app.log,
);
if (!config.mail.smtpUrl) {
  app.log.warn(
    `No SMTP_URL: the shop's emails are written as files in ${config.mail.outboxDir} instead of being sent.`,
  );
}
app.log.info(
  `The shop is open at http://localhost:${config.port} (${dialect === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
