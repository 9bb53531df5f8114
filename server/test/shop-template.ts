/**
 * A new test shop's database starts as a copy of one built per run: migrated and its PIN directory
 * loaded. Migrating (30-odd migrations) and loading ~19k PINs took most of a shop's start, and the
 * suite starts one or more shops for every file on each database. The copy is made of the same
 * migrations' result; test/migrations.test.ts still migrates from nothing, and startShop runs the
 * migrator and the PIN loader over the copy anyway (both find nothing left to do).
 *
 * The templates are named by a digest of everything that shapes them (the migrations folder, the
 * PIN module and its file, this file), so a change to any of them makes a new one and a stale one is
 * never used. They are built by test/global-setup.ts, once per run for all the suite's workers; a
 * shop without one (that setup not run) migrates from nothing as before.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { embeddedFile, migrateToLatest, openDatabase } from '../src/db/open.js';
import { PincodeService } from '../src/modules/pincodes/service.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const templatesDir = path.join(os.tmpdir(), 'netkart-test-templates');

/** What a template is made from: every file of these, by path and content. */
const SHAPING = ['src/db/migrations', 'src/modules/pincodes', 'pin-directory', 'test/shop-template.ts'];

function filesUnder(entry: string): string[] {
  const full = path.join(serverDir, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

let digest: string | undefined;
/** The digest naming this state of the migrations and the PIN directory. */
export function templateKey(): string {
  if (digest) return digest;
  const hash = createHash('sha256');
  for (const file of SHAPING.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(serverDir, file)))
      .update('\0');
  }
  digest = hash.digest('hex').slice(0, 16);
  return digest;
}

const sqliteTemplateFile = () => path.join(templatesDir, `${templateKey()}.sqlite`);
/** One template per PostgreSQL server and database: the dump is replayed where it was taken. */
const postgresTemplateFile = (url: string) =>
  path.join(templatesDir, `${templateKey()}-${createHash('sha256').update(url).digest('hex').slice(0, 8)}.sql`);

/** Moves a finished template into place at once: a reader never sees half of one. */
function publish(target: string, built: string) {
  fs.renameSync(built, target);
}

async function migratedWithPins(db: Parameters<typeof migrateToLatest>[0], schema?: string) {
  await migrateToLatest(db, schema);
  await new PincodeService(db).ensureLoaded();
}

/** Builds the SQLite template unless this state's is already there. */
export async function ensureSqliteTemplate(): Promise<void> {
  const target = sqliteTemplateFile();
  if (fs.existsSync(target)) return;
  fs.mkdirSync(templatesDir, { recursive: true });
  const workDir = fs.mkdtempSync(path.join(templatesDir, 'build-'));
  try {
    const { db, file } = openDatabase({ databaseUrl: undefined, dataDir: workDir });
    await migratedWithPins(db);
    await db.destroy();
    // One self-contained file: whatever the write-ahead log still holds goes into it.
    const sqlite = new SQLite(file as string);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('journal_mode = DELETE');
    sqlite.close();
    publish(target, file as string);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** A copy of the SQLite template as `dataDir`'s database; false when there is no template. */
export function copySqliteTemplate(dataDir: string): boolean {
  const template = sqliteTemplateFile();
  if (!fs.existsSync(template)) return false;
  fs.copyFileSync(template, embeddedFile(dataDir));
  return true;
}

/**
 * Builds the PostgreSQL template unless there: a schema of its own migrated and loaded, dumped as
 * SQL (pg_dump; the PINs as one JSON insert) with its name as a placeholder, then dropped. Without a
 * pg_dump that can read the server, shops migrate from nothing.
 */
export async function ensurePostgresTemplate(url: string): Promise<void> {
  const target = postgresTemplateFile(url);
  if (fs.existsSync(target)) return;
  fs.mkdirSync(templatesDir, { recursive: true });
  const schema = `netkart_template_${templateKey()}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `create schema ${schema}`);
  try {
    const { db } = openDatabase({ databaseUrl: url, dataDir: '', schema });
    try {
      await migratedWithPins(db, schema);
    } finally {
      await db.destroy();
    }
    let dump: string;
    try {
      const { stdout } = await promisify(execFile)(
        'pg_dump',
        // The PINs, most of the rows, come as one statement below: as inserts they took seconds.
        ['--dbname', url, '--schema', schema, '--exclude-table-data', `${schema}.pincodes`].concat([
          '--no-owner',
          '--no-privileges',
          '--inserts',
          '--rows-per-insert=1000',
        ]),
        { maxBuffer: 64 * 1024 * 1024 },
      );
      dump = stdout;
    } catch (error) {
      console.warn(`No PostgreSQL template (shops migrate from nothing): ${String(error)}`);
      return;
    }
    const pins = await onServer(url, `select json_agg(p)::text as rows from ${schema}.pincodes p`);
    const pinRows = String(pins[0]?.rows ?? '[]');
    // psql's own commands (\restrict) are not SQL; the schema's name becomes a placeholder.
    const sqlText = [
      ...dump.split('\n').filter((line) => !line.startsWith('\\')),
      `insert into ${schema}.pincodes select * from json_populate_recordset(null::${schema}.pincodes, $pins$${pinRows}$pins$);`,
    ]
      .join('\n')
      .replaceAll(schema, SCHEMA_PLACEHOLDER);
    const built = `${target}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(built, sqlText);
    publish(target, built);
  } finally {
    await onServer(url, `drop schema ${schema} cascade`);
  }
}

const SCHEMA_PLACEHOLDER = '__netkart_schema__';

const dumps = new Map<string, string>();
/** Creates `schema` as a copy of the PostgreSQL template; false when there is no template. */
export async function createSchemaFromTemplate(url: string, schema: string): Promise<boolean> {
  const file = postgresTemplateFile(url);
  if (!dumps.has(file) && fs.existsSync(file)) dumps.set(file, fs.readFileSync(file, 'utf8'));
  const dump = dumps.get(file);
  if (dump === undefined) return false;
  await onServer(url, dump.replaceAll(SCHEMA_PLACEHOLDER, schema));
  return true;
}

async function onServer(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(text);
    return Array.isArray(result) ? [] : result.rows;
  } finally {
    await client.end();
  }
}
