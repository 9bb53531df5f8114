import { createServices } from '../app.js';
import { messageSettingsOf } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/open.js';
import { oneAtATime } from '../db/start-lock.js';
import { CliError, type Shop } from './context.js';
import { configFromEnvironment } from './environment.js';

/** The database the server uses (same DATA_DIR and DATABASE_URL), migrated as the server would. */
export async function connectFromEnvironment(): Promise<Shop> {
  const config = configFromEnvironment();
  const where = config.databaseUrl
    ? 'the PostgreSQL server of DATABASE_URL'
    : `the embedded database in ${config.dataDir}`;
  let db: Shop['db'] | undefined;
  try {
    const opened = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    db = opened.db;
    const opening = db;
    // Not while the shop, starting on the same fresh database, migrates it.
    await oneAtATime(opening, () => migrateToLatest(opening));
    // Never the demo store here: the merchant's tool must not fill their database with another shop.
    const services = createServices(db, {
      payments: config.payments,
      orders: config.orders,
      couriers: config.couriers,
      // The orders it moves send their messages like the server's, through the same outbox.
      messages: messageSettingsOf(config),
    });
    return {
      db: opened.db,
      services,
      ...(opened.sqlite ? { sqlite: opened.sqlite } : {}),
      close: () => opened.db.destroy(),
    };
  } catch (error) {
    await db?.destroy().catch(() => {});
    throw new CliError(`Cannot open ${where}: ${(error as Error).message}`);
  }
}
