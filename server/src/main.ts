import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp, createServices } from './app.js';
import { messageSettingsOf, readConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/open.js';
import { oneAtATime, StartLockTimeout } from './db/start-lock.js';
import { probeWrite } from './db/write-probe.js';
import { startHousekeeping } from './housekeeping.js';
import { shopLogging } from './http/logging.js';
import { msg91Gateway } from './modules/messages/providers/msg91.js';
import { MailSender, startMailSender } from './modules/messages/sender.js';
import { localLinksRefusal } from './modules/stores/public-address.js';
import { NO_STORE_YET } from './modules/stores/service.js';
import { ensureDemoStore } from './seed/seed.js';
import { superviseWorkers } from './workers.js';

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

function openShop() {
  const { db, dialect } = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = createServices(db, {
    payments: config.payments,
    orders: config.orders,
    couriers: config.couriers,
    whatsApp: config.whatsApp,
    messages: messageSettingsOf(config),
  });
  return { db, dialect, services };
}
type Shop = ReturnType<typeof openShop>;

/**
 * The server's log lines go to stdout without the process waiting on each: under load they leave
 * together, a few at a time (a write per line took a tenth of a small read's time). What is still
 * on its way is written before the process ends.
 */
const logDestination = pino.destination({ dest: 1, sync: false });

/**
 * Once per start, before anything serves: the schema brought up to date, a write tried, the demo
 * store seeded, every store's payments checked (a misconfigured provider stops the shop here).
 * Returns what the merchant should read once the shop is open.
 */
async function prepare({ db, services }: Shop): Promise<string[]> {
  const where = config.databaseUrl ? 'the PostgreSQL database' : `the database in ${config.dataDir}`;
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  // Another process starting at the same time waits here while this one migrates, then finds it done.
  const seeded = await oneAtATime(db, async () => {
    try {
      await migrateToLatest(db);
    } catch (error) {
      return refuseToStart(`${where} could not be brought up to date: ${reason(error)}`);
    }
    try {
      // A shop that can show products but not store an order must not open.
      await probeWrite(db);
    } catch (error) {
      return refuseToStart(
        `${where} cannot be written (${reason(error)}). Check the disk space, permissions and that it is not read-only.`,
      );
    }
    // India's PIN directory, from the shop's own file when empty or older (see docs/decisions.md).
    await services.pincodes.ensureLoaded();
    return config.seedDemo ? await ensureDemoStore(services) : false;
  }).catch((error: unknown) => refuseToStart(error instanceof StartLockTimeout ? `${where}: ${reason(error)}` : error));
  if (config.servesThePublic && !config.allowLocalLinks) {
    const refusal = localLinksRefusal(await services.stores.all(), (store) => services.stores.publicOrigin(store));
    if (refusal) refuseToStart(refusal);
  }
  const paymentNotes = await services.stores
    .all()
    .then((stores) => services.payments.checkStores(stores))
    .catch(refuseToStart);
  return [
    ...(seeded
      ? [
          'Created the demo store on this empty database (SEED_DEMO=true); `npm run store -- init` makes your own instead.',
        ]
      : []),
    ...((await services.stores.exists()) ? [] : [NO_STORE_YET]),
    ...paymentNotes,
    ...(config.mail.smtpUrl
      ? []
      : [`No SMTP_URL: the shop's emails are written as files in ${config.mail.outboxDir} instead of being sent.`]),
    ...(config.sms
      ? []
      : [
          `No SMS_PROVIDER: the shop's text messages are written as .sms.txt files in ${config.mail.outboxDir} instead of being sent.`,
        ]),
    ...(config.trustProxy === true
      ? [
          "TRUST_PROXY=true believes any client's X-Forwarded-For, so a forged one escapes the rate limits: set it to the proxy's address (e.g. 127.0.0.1).",
        ]
      : []),
  ];
}

const openLine = (dialect: Shop['dialect']) =>
  `The shop is open at http://localhost:${config.port} (${dialect === 'sqlite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})` +
  (config.workers > 1 ? ` with ${config.workers} server processes` : '');

/** One server process: the API and the pages on the shop's port, its housekeeping and its mail sender. */
async function serve({ db, dialect, services }: Shop, notes: string[] | undefined): Promise<void> {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  const app = await buildApp({
    db,
    services,
    rateLimits: config.rateLimits,
    logger: { level: config.logLevel, stream: logDestination },
    merchantMediaDir: config.mediaDir,
    pictureCopiesDir: path.join(config.dataDir, 'picture-copies'),
    trustProxy: config.trustProxy,
    redisUrl: config.redisUrl,
    maxConnections: config.maxConnections,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
  });

  let stopHousekeeping = () => {};
  let stopAskingGateways = () => {};
  let stopMailSender = async () => {};
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining requests');
    stopHousekeeping();
    stopAskingGateways();
    await app.close();
    // The email being sent is finished and marked, so it is not sent again after the restart.
    await stopMailSender();
    // Requests whose shopper hung up are still running; let them finish with the database open.
    await app.inFlight.settled(10_000);
    await db.destroy();
    logDestination.flushSync();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  stopHousekeeping = startHousekeeping(services, app.log);
  // A refund due through a gateway is asked for as soon as the change that made it commits.
  stopAskingGateways = services.payments.askGatewaysPromptly((error) =>
    app.log.error({ err: error }, 'asking the gateway for a refund failed'),
  );
  const whatsAppGateway = services.whatsApp.gateway();
  stopMailSender = startMailSender(
    new MailSender(
      services.outbox,
      services.stores,
      {
        ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
        ...(config.mail.mailFrom ? { mailFrom: config.mail.mailFrom } : {}),
        outboxDir: config.mail.outboxDir,
        ...(whatsAppGateway ? { whatsAppGateway } : {}),
        ...(config.sms ? { textGateway: msg91Gateway(config.sms.msg91) } : {}),
      },
      app.log,
    ),
    app.log,
  );
  // With several processes, the primary says these once for all of them.
  if (notes) {
    for (const note of notes) app.log.warn(note);
    app.log.info(openLine(dialect));
  }
}

if (cluster.isWorker) {
  await serve(openShop(), undefined);
} else if (config.workers === 1) {
  const shop = openShop();
  await serve(shop, await prepare(shop));
} else {
  const shop = openShop();
  const notes = await prepare(shop);
  await shop.db.destroy();
  const log = pino({ ...shopLogging(), level: config.logLevel });
  superviseWorkers(config.workers, log, () => {
    for (const note of notes) log.warn(note);
    log.info(openLine(shop.dialect));
  });
}
