import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, type LogConfig, Migrator } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { OwnSchemaPostgresDialect } from './own-schema-dialect.js';
import type { Database, DatabaseSchema } from './schema.js';
import { type KeptStatements, KeptStatementsSqliteDialect } from './sqlite-statements.js';

// PostgreSQL returns bigint and count(*) as strings; our amounts (paise) fit a JS number exactly.
pg.types.setTypeParser(20, (value) => Number(value));

export interface DatabaseTarget {
  /** A postgres:// URL, or undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database; ':memory:' for a throwaway one. */
  dataDir: string;
  /** PostgreSQL only: a schema to use (and create), so tests can each have their own. */
  schema?: string;
  /** SQLite: how long a write waits for another process's write lock before SQLITE_BUSY (5 s; tests make it short). */
  busyTimeoutMs?: number;
  /** Hears every query with its parameters (the benches record the plans of what a page asks). */
  log?: LogConfig;
}

/** A query as the database receives it, parameters apart (what `DatabaseTarget.log` hears). */
export { CompiledQuery };

/** The driver under a Kysely instance, for the few tools that need their own handle (the rate limiter's stores). */
export type DatabaseDriver =
  | { kind: 'postgres'; pool: pg.Pool }
  | { kind: 'sqlite'; file: string; database: SQLite.Database; statements: KeptStatements };

const drivers = new WeakMap<Database, DatabaseDriver>();

export function driverOf(db: Database): DatabaseDriver {
  const driver = drivers.get(db);
  if (!driver) throw new Error('This database was not opened by openDatabase.');
  return driver;
}

export interface OpenDatabase {
  db: Database;
  dialect: 'sqlite' | 'postgres';
  /** The embedded database's own handle (for its online backup), and its file. */
  sqlite?: SQLite.Database;
  file?: string;
}

/** How long a write waits for SQLite's write lock, held by another process, before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Every PostgreSQL session of the shop runs without JIT compilation. PostgreSQL compiles a
 * statement whose estimated cost is high to machine code before running it, 0.3–0.6 s each time;
 * the listing sums' statement triggers, planned on its guess of 99 specifications a product and
 * kept as plans, were compiled for every update of a product (hiding one, a sale of its stock). The
 * shop's statements each touch a few thousand rows at most, where compiling gains nothing.
 */
const SESSION_SETTINGS = '-c jit=off';

/**
 * The `postgres://` address (the configuration checks it is one) with the sessions' options: the
 * shop's, then those the address gives itself, then the schema's. They go into the address, since
 * pg lets an address's own `options` replace the pool's.
 */
function withSessionOptions(databaseUrl: string, schema: string | undefined): string {
  const address = new URL(databaseUrl);
  const options = [SESSION_SETTINGS, address.searchParams.get('options'), schema && `-c search_path=${schema}`];
  address.searchParams.set('options', options.filter(Boolean).join(' '));
  return address.href;
}

/** The embedded database's file in a data folder. */
export const embeddedFile = (dataDir: string) => path.join(dataDir, 'store.sqlite');

export function openDatabase(target: DatabaseTarget): OpenDatabase {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withSessionOptions(target.databaseUrl, target.schema),
      max: 10,
    });
    const db = new Kysely<DatabaseSchema>({
      dialect: new OwnSchemaPostgresDialect({ pool }, target.schema),
      ...(target.log ? { log: target.log } : {}),
    });
    drivers.set(db, { kind: 'postgres', pool });
    return { db, dialect: 'postgres' };
  }
  const file = target.dataDir === ':memory:' ? ':memory:' : embeddedFile(target.dataDir);
  if (file !== ':memory:') fs.mkdirSync(target.dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  // Set explicitly: the build otherwise runs WAL at NORMAL, where an acknowledged commit can vanish on power loss.
  // The wait first: turning a fresh file to WAL needs its lock, which another process starting at once may hold.
  sqlite.pragma(`busy_timeout = ${Math.trunc(target.busyTimeoutMs ?? BUSY_TIMEOUT_MS)}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  const dialect = new KeptStatementsSqliteDialect(sqlite);
  const db = new Kysely<DatabaseSchema>({ dialect, ...(target.log ? { log: target.log } : {}) });
  drivers.set(db, { kind: 'sqlite', file, database: sqlite, statements: dialect.statements });
  return { db, dialect: 'sqlite', sqlite, file };
}

/** `schema`: the PostgreSQL schema in use, so the migrator looks for its own tables there and nowhere else. */
export async function migrateToLatest(db: Database, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
