import { createHash } from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { sql } from 'kysely';
import type { Database, DatabaseSchema } from './schema.js';
import { writeTransaction } from './transaction.js';

/**
 * A whole shop as JSON lines, the same on SQLite and PostgreSQL: a header, one line per row
 * (table by table, each by id, keys sorted), and a last line with the counts and a SHA-256 of
 * the row lines. Sessions and password-reset links are left out: shoppers and staff sign in again after a move.
 */
export const DUMP_FORMAT = 'store-dump';
export const DUMP_VERSION = 1;

/** Parents before children, so a load never breaks a reference. */
export const DUMPED_TABLES = [
  'stores',
  'users',
  'products',
  'orders',
  'order_items',
  'payments',
  'order_events',
  'staff',
  'audit_log',
  // Emails not yet sent go with the shop, and the record of those that were.
  'outbox',
  // Numbering goes on where it left off; tickets and newsletter consent are the merchant's records.
  'sequences',
  'tickets',
  'subscribers',
  // Issued invoices are the seller's tax records.
  'invoices',
  // Courier bookings (their AWB and label) and the tracking the courier sent: the orders' timeline.
  'courier_bookings',
  'courier_events',
  // The merchant's Hindi names of categories and specifications.
  'hindi_names',
] as const satisfies readonly (keyof DatabaseSchema)[];
type DumpedTable = (typeof DUMPED_TABLES)[number];

export type DumpCounts = Record<DumpedTable, number>;

export class DumpError extends Error {}

interface DumpEnd {
  counts: DumpCounts;
  sha256: string;
}

const BATCH = 1000;

const sortedJson = (row: Record<string, unknown>) =>
  JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));

async function latestMigration(db: Database): Promise<string> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return result.rows[0]?.name ?? '';
}

/** Writes the shop to `file`, a batch at a time (a large catalogue never sits in memory whole). */
export async function dumpShop(db: Database, file: string): Promise<DumpCounts> {
  if (fs.existsSync(file)) throw new DumpError(`${file} exists already: give a new file name.`);
  const out = fs.createWriteStream(file, { flags: 'wx' });
  const write = (line: string) =>
    new Promise<void>((resolve, reject) => out.write(`${line}\n`, (error) => (error ? reject(error) : resolve())));
  const hash = createHash('sha256');
  const counts = Object.fromEntries(DUMPED_TABLES.map((table) => [table, 0])) as DumpCounts;
  try {
    await write(
      JSON.stringify({
        format: DUMP_FORMAT,
        version: DUMP_VERSION,
        schema: await latestMigration(db),
        createdAt: new Date().toISOString(),
      }),
    );
    for (const table of DUMPED_TABLES) {
      let after = '';
      for (;;) {
        const rows = (await db
          .selectFrom(table)
          .selectAll()
          .where('id', '>', after)
          .orderBy('id')
          .limit(BATCH)
          .execute()) as Record<string, unknown>[];
        for (const row of rows) {
          // Kept by the database from the row's other columns (PostgreSQL's search vector).
          delete row.search_vector;
          const line = JSON.stringify({ table, row: JSON.parse(sortedJson(row)) });
          hash.update(`${line}\n`);
          await write(line);
        }
        counts[table] += rows.length;
        if (rows.length < BATCH) break;
        after = String(rows[rows.length - 1]?.id);
      }
    }
    await write(JSON.stringify({ end: { counts, sha256: hash.digest('hex') } }));
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    return counts;
  } catch (error) {
    out.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
}

/**
 * Loads a dump into an empty database in one transaction: the counts and checksum are verified
 * before it commits, so a truncated or altered file changes nothing.
 */
export async function loadShop(db: Database, file: string): Promise<DumpCounts> {
  if (!fs.existsSync(file)) throw new DumpError(`${file}: no such file.`);
  const schema = await latestMigration(db);
  return writeTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('stores').select('id').limit(1).execute();
    if (existing.length) throw new DumpError('This database already has a store: load into an empty database only.');
    const lines = readline.createInterface({
      input: fs.createReadStream(file, 'utf8'),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const hash = createHash('sha256');
    const counts = Object.fromEntries(DUMPED_TABLES.map((table) => [table, 0])) as DumpCounts;
    let header = false;
    let footer: DumpEnd | undefined;
    let pending: { table: DumpedTable; rows: Record<string, unknown>[] } | undefined;
    let order = 0;
    const flush = async () => {
      if (!pending?.rows.length) return;
      await trx
        .insertInto(pending.table)
        .values(pending.rows as never)
        .execute();
      pending.rows = [];
    };
    let number = 0;
    for await (const line of lines) {
      number += 1;
      if (!line.trim()) continue;
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new DumpError(`${file}, line ${number}: not JSON.`);
      }
      if (!header) {
        if (parsed.format !== DUMP_FORMAT || parsed.version !== DUMP_VERSION) {
          throw new DumpError(`${file} is not a store dump (made by \`store dump\`).`);
        }
        if (parsed.schema !== schema) {
          throw new DumpError(
            `${file} was made by another version of the shop (${String(parsed.schema)}; this one is ${schema}). Update both to the same version first.`,
          );
        }
        header = true;
        continue;
      }
      if (footer) throw new DumpError(`${file}, line ${number}: rows after the end.`);
      if (parsed.end) {
        footer = parsed.end as DumpEnd;
        continue;
      }
      const table = parsed.table as DumpedTable;
      const index = DUMPED_TABLES.indexOf(table);
      if (index < 0 || !parsed.row || typeof parsed.row !== 'object') {
        throw new DumpError(`${file}, line ${number}: not a row of this shop.`);
      }
      if (index < order) throw new DumpError(`${file}, line ${number}: ${table} rows out of order.`);
      order = index;
      hash.update(`${line}\n`);
      if (pending?.table !== table) {
        await flush();
        pending = { table, rows: [] };
      }
      pending.rows.push(parsed.row as Record<string, unknown>);
      counts[table] += 1;
      if (pending.rows.length >= 200) await flush();
    }
    await flush();
    if (!header) throw new DumpError(`${file} is empty.`);
    if (!footer) throw new DumpError(`${file} ends early: it was cut short while being written or copied.`);
    if (
      footer.sha256 !== hash.digest('hex') ||
      DUMPED_TABLES.some((table) => footer?.counts[table] !== counts[table])
    ) {
      throw new DumpError(`${file} does not match its own checksum: it was changed or damaged. Nothing was loaded.`);
    }
    return counts;
  });
}
