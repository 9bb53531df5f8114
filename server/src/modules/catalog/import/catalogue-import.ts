import { SqliteAdapter, sql } from 'kysely';
import type { Database, ProductRow } from '../../../db/schema.js';
import { tidyAfterBulkWrite, writeTransaction } from '../../../db/transaction.js';
import { nowIso } from '../../../shared/ids.js';
import { withRowTriggersPaused } from '../bulk-write.js';
import { catalogueChanged } from '../catalog-version.js';
import {
  listingSharesOf,
  PENDING_SHARES_ADDED,
  PENDING_SHARES_TABLES,
  pendingSharesOf,
} from '../listing-counts-sql.js';
import type { ProductInput } from '../product-row.js';
import { POSTGRES_SEARCH_VECTOR, searchOfProducts } from '../search/search-index.js';
import {
  CatalogueStaging,
  type ImportChange,
  PRODUCT_COLUMNS,
  type PreparedRows,
  TEXT_COLUMNS,
} from './catalogue-staging.js';

export type { ImportChange } from './catalogue-staging.js';

/**
 * Creates or updates many products by SKU: all of them or none. New products join the end of
 * the catalogue in the order given; products whose fields are all the same are left untouched.
 *
 * The rows are compared and staged first (catalogue-staging.ts), a batch at a time, without the
 * write lock. Then the writing is set-based SQL from the staging table, in transactions that each
 * hold SQLite's one write lock about a second, so that the shop's own writes (orders, whose wait
 * ends at the 5 s busy timeout) get it in between:
 * - more than a few thousand new products are first written hidden, where shoppers cannot see or
 *   buy them (on SQLite while the rows after them are still being read: see writingAhead); a
 *   failure there, or a refusal once all is read, deletes them again, and the catalogue is as it was
 *   (PostgreSQL writes them visible in one transaction instead: see writeInOneTransaction);
 * - then each part shows its new products and makes its updates, in the file's order. A small
 *   import is one part, one transaction. A failure after the first part has shown products leaves
 *   them (shoppers may be buying them) and says so (ImportInterrupted): running the same file
 *   again finishes the import, the rows already written counting as unchanged.
 * `beforeWriting` may still refuse everything once all is staged. A dry run stages, counts and
 * writes nothing. `onWritten` hears how many have been written so far, once all is staged.
 */
export async function importProducts(
  db: Database,
  storeId: string,
  inputs: ProductInput[] | AsyncIterable<ProductInput[] | PreparedRows>,
  options: ImportOptions = {},
): Promise<ImportCounts> {
  const staging = await CatalogueStaging.create(db, storeId, nowIso());
  const batches = Array.isArray(inputs) ? [inputs] : inputs;
  try {
    if (options.dryRun) {
      for await (const batch of batches) await staging.add(batch);
      await options.beforeWriting?.();
      return { ...staging.counts, changes: await staging.changes() };
    }
    await withImportConnection(db, async () => {
      const ahead = writingAhead(db, storeId, staging, options);
      try {
        for await (const batch of batches) {
          await staging.add(batch);
          if (ahead && staging.counts.created > SHOWN_AT_ONCE) await ahead.partIfDue(staging.staged);
        }
        await options.beforeWriting?.();
      } catch (error) {
        // Nothing was shown: deleting what was written hidden leaves the catalogue as it was.
        if (ahead?.through) await removeHidden(db, staging, ahead.through, GAP_MS).catch(() => {});
        throw error;
      }
      if (staging.staged === 0) return;
      await staging.analyze();
      await writeStaged(db, storeId, staging, options, ahead);
    });
    if (staging.staged >= BULK_WRITE) await tidyAfterBulkWrite(db, 'products');
    return { ...staging.counts };
  } finally {
    await staging.drop();
  }
}

export interface ImportOptions {
  dryRun?: boolean;
  onWritten?: (done: number) => void;
  /**
   * Heard once every row is staged, before anything is written (a dry run too): throwing refuses
   * the import, and nothing is written (a file read once, its problems known only at its end).
   */
  beforeWriting?: () => void | Promise<void>;
  /** How long each of the writing's transactions should hold the write lock (1 s). */
  lockMs?: number;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** A dry run's list of what would change: each product by SKU, and for an update its changed fields. */
  changes?: ImportChange[];
}

async function writeStaged(
  db: Database,
  storeId: string,
  staging: CatalogueStaging,
  options: ImportOptions,
  ahead: TimedParts | undefined,
) {
  const { staged } = staging;
  const onWritten = options.onWritten;
  const lockMs = options.lockMs ?? LOCK_MS;
  const gap = gapOf(db);
  const inAdvance = staging.counts.created > SHOWN_AT_ONCE;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (inAdvance && !sqlite) return writeInOneTransaction(db, storeId, staging, options);
  if (inAdvance) {
    const hidden = ahead ?? writingHidden(db, storeId, staging, lockMs, gap);
    hidden.committed = onWritten;
    try {
      await hidden.until(staged);
    } catch (error) {
      // Nothing was shown yet: deleting what was written hidden leaves the catalogue as it was.
      await removeHidden(db, staging, staged, gap).catch(() => {});
      throw error;
    }
  }
  // Each part shows its new products (or writes them, for a small import) and makes its updates, then
  // says the catalogue changed. A small import is one part: one transaction.
  let shownThrough = 0;
  let base: number | undefined;
  try {
    const parts = new TimedParts(db, staged <= SET_BATCH ? staged : SET_BATCH, lockMs, gap, async (trx, from, to) => {
      if (inAdvance) await show(trx, staging, from, to);
      else {
        base ??= await lastPosition(trx, storeId);
        await insertNew(trx, storeId, staging, base, from, to, 'sums');
      }
      await update(trx, staging, from, to);
      await catalogueChanged(trx, storeId);
    });
    parts.committed = (through) => {
      shownThrough = through;
      onWritten?.(through);
    };
    await parts.until(staged);
  } catch (error) {
    if (shownThrough === 0) {
      if (inAdvance) await removeHidden(db, staging, staged, gap).catch(() => {});
      throw error;
    }
    // Shoppers may already be buying what was shown: it stays, and the same import run again finishes the rest.
    throw new ImportInterrupted(
      `The import stopped part way (${(error as Error).message}): the first ${shownThrough} of ${staged} new or changed products are in the shop. Run the same import again to finish it.`,
    );
  }
}

/**
 * PostgreSQL: more than SHOWN_AT_ONCE new products are written visible in one transaction, which
 * nobody sees before it commits (so a failure leaves the catalogue as it was, with no hidden rows
 * to delete), their shares of the listing sums gathered on the way and added at its end; then the
 * updates go in parts. Writing them hidden and showing them wrote every product twice: PostgreSQL
 * writes a new version of an updated row into each of its indexes.
 */
async function writeInOneTransaction(db: Database, storeId: string, staging: CatalogueStaging, options: ImportOptions) {
  const { staged } = staging;
  await writeTransaction(db, async (trx) => {
    const base = await lastPosition(trx, storeId);
    for (const statement of PENDING_SHARES_TABLES) await sql.raw(statement).execute(trx);
    // Each part is planned on the statistics of tables growing in this very transaction (a new shop
    // has none): the planner walked a partial index of every shown product to find a part's own, and
    // took a product to have a thousand specification rows and read them all, each part slower than
    // the last. A part's shares take its products from the staged rows (insertNew); once the first
    // part is in, the specifications' product ids are sampled; a lookup by key is costed as the
    // cached read it is.
    await sql`set local random_page_cost = 1.1`.execute(trx);
    for (let from = 0; from < staged; from += SET_BATCH) {
      const to = Math.min(staged, from + SET_BATCH);
      await insertNew(trx, storeId, staging, base, from, to, 'pending');
      options.onWritten?.(to);
      if (from === 0) await sql`analyze product_specs (product_id)`.execute(trx);
    }
    for (const statement of PENDING_SHARES_ADDED) await sql.raw(statement).execute(trx);
    await catalogueChanged(trx, storeId);
  });
  if (staging.counts.updated === 0) return;
  let updatedThrough = 0;
  try {
    const parts = new TimedParts(db, SET_BATCH, options.lockMs ?? LOCK_MS, 0, async (trx, from, to) => {
      await update(trx, staging, from, to);
      await catalogueChanged(trx, storeId);
    });
    parts.committed = (through) => {
      updatedThrough = through;
      options.onWritten?.(through);
    };
    await parts.until(staged);
  } catch (error) {
    // The new products are in the shop, and shoppers may be buying them: they stay.
    throw new ImportInterrupted(
      `The import stopped part way (${(error as Error).message}): its ${staging.counts.created} new products and the changes of the first ${updatedThrough} of its ${staged} rows are in the shop. Run the same import again to finish it.`,
    );
  }
}

/** An import that failed after some of its products were shown: what it wrote stays, and running it again finishes it. */
export class ImportInterrupted extends Error {}

/**
 * Runs `work` over seq 1… in transactions that each hold the write lock about `lockMs`: the size
 * of the next part follows from the time the last took, so it fits any machine and any load.
 * Between two parts the lock stays free `gapMs` at least (SQLite: see GAP_MS), while what the
 * last part wrote is copied into the database file (see withImportConnection).
 */
class TimedParts {
  /** The last seq written. */
  through = 0;
  /** Hears the last seq written after each commit. */
  committed?: ((through: number) => void) | undefined;
  private size: number;
  private lastCommit: number | undefined;

  constructor(
    private readonly db: Database,
    firstSize: number,
    private readonly lockMs: number,
    private readonly gapMs: number,
    private readonly work: (trx: Database, from: number, to: number) => Promise<void>,
  ) {
    this.size = Math.max(1, firstSize);
  }

  /** Writes parts until seq `count` is written. */
  async until(count: number): Promise<void> {
    while (this.through < count) await this.part(count);
  }

  /** Writes the next part if a whole part waits, of the `count` there are so far, and the gap since the last has passed. */
  async partIfDue(count: number): Promise<void> {
    const gapPassed = this.lastCommit === undefined || performance.now() - this.lastCommit >= this.gapMs;
    if (count - this.through >= this.size && gapPassed) await this.part(count);
  }

  private async part(count: number): Promise<void> {
    const left = this.lastCommit === undefined ? 0 : this.lastCommit + this.gapMs - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    const from = this.through;
    const to = Math.min(count, from + this.size);
    const started = performance.now();
    await writeTransaction(this.db, (trx) => this.work(trx, from, to));
    this.lastCommit = performance.now();
    this.through = to;
    this.committed?.(to);
    this.size = Math.max(
      200,
      Math.min(20_000, Math.round(((to - from) * this.lockMs) / Math.max(this.lastCommit - started, 1))),
    );
    // SQLite: the part's pages go into the database file now, while the write lock is free.
    if (this.gapMs) await sql`pragma wal_checkpoint(passive)`.execute(this.db);
  }
}

/** SQLite's waiting writers look again every 100 ms at most: between two transactions, leave them a longer gap. */
const gapOf = (db: Database) => (db.getExecutor().adapter instanceof SqliteAdapter ? GAP_MS : 0);

/** The parts that write the staged new products hidden, in the file's order, from the catalogue's last position on. */
function writingHidden(db: Database, storeId: string, staging: CatalogueStaging, lockMs: number, gapMs: number) {
  let base: number | undefined;
  return new TimedParts(db, SET_BATCH, lockMs, gapMs, async (trx, from, to) => {
    base ??= await lastPosition(trx, storeId);
    await insertNew(trx, storeId, staging, base, from, to, 'none');
  });
}

/**
 * SQLite: an import's new products are written hidden while the file is still being read, once it
 * holds more than SHOWN_AT_ONCE of them (the reading thread reads on meanwhile: the two use both
 * cores). A file refused at its end deletes them again. PostgreSQL's own processes share the
 * machine's cores with the reading, and its staging table's statistics are known only at the end:
 * it writes once all is read.
 */
function writingAhead(db: Database, storeId: string, staging: CatalogueStaging, options: ImportOptions) {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return undefined;
  return writingHidden(db, storeId, staging, options.lockMs ?? LOCK_MS, GAP_MS);
}

const lastPosition = async (db: Database, storeId: string): Promise<number> => {
  const last = await db
    .selectFrom('products')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return Number(last?.position ?? 0);
};

const WRITTEN = PRODUCT_COLUMNS.filter((column) => column !== 'hidden');
const list = (columns: readonly string[], prefix = '') => sql.raw(columns.map((column) => prefix + column).join(', '));

/**
 * The staged new products with seq in (from, to]: hidden until `show` (`shares` none), or as the
 * file says with their shares of the listing sums added at once (`sums`) or gathered for the end of
 * the transaction (`pending`, PostgreSQL). One statement with the row triggers paused, then their
 * search index, specifications and shares set-based, in the same transaction (see ../bulk-write.ts).
 */
async function insertNew(
  trx: Database,
  storeId: string,
  staging: CatalogueStaging,
  base: number,
  from: number,
  to: number,
  shares: 'none' | 'sums' | 'pending',
): Promise<void> {
  const dialect = trx.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  // PostgreSQL's words are a column of the product: computed in the insert itself, not by its trigger.
  const words = dialect === 'postgres' ? sql.raw(`, ${POSTGRES_SEARCH_VECTOR('s')}`) : sql``;
  await withRowTriggersPaused(trx, () =>
    sql`insert into products (id, store_id, created_at, position, hidden, ${list(WRITTEN)}${dialect === 'postgres' ? sql.raw(', search_vector') : sql``})
      select id, ${storeId}, updated_at, cast(${base} as bigint) + new_position, ${shares === 'none' ? sql.lit(1) : sql.raw('hidden')},
        ${list(WRITTEN)}${words}
      from ${staging.table} s where is_new = 1 and seq > ${from} and seq <= ${to}`.execute(trx),
  );
  const written = staging.holds('p.id', `is_new = 1 and seq > ${from} and seq <= ${to}`);
  for (const statement of searchOfProducts(dialect, written)) await sql.raw(statement).execute(trx);
  // Hidden products are in no listing's sums.
  if (shares === 'none') return;
  // Which are visible is the staged rows' word: `p.hidden = 0` let PostgreSQL's planner walk a
  // partial index of every shown product (see writeInOneTransaction).
  const shown = `is_new = 1 and hidden = 0 and seq > ${from} and seq <= ${to}`;
  const sharesOf = shares === 'sums' ? listingSharesOf : pendingSharesOf;
  for (const statement of sharesOf(staging.holds('p.id', shown), staging.asProducts(shown)))
    await sql.raw(statement).execute(trx);
}

/**
 * Shows the new products written hidden ahead (those the file does not hide itself, and still
 * hidden): their shares of the listing sums added first, set-based, then one update with the sums'
 * row triggers paused (see ../bulk-write.ts).
 */
async function show(trx: Database, staging: CatalogueStaging, from: number, to: number): Promise<void> {
  const shown = `p.hidden = 1 and ${staging.holds('p.id', `is_new = 1 and hidden = 0 and seq > ${from} and seq <= ${to}`)}`;
  for (const statement of listingSharesOf(shown)) await sql.raw(statement).execute(trx);
  await withRowTriggersPaused(trx, () => sql.raw(`update products as p set hidden = 0 where ${shown}`).execute(trx));
}

const PLAIN = PRODUCT_COLUMNS.filter(
  (column) => column !== 'attributes_json' && !(TEXT_COLUMNS as readonly string[]).includes(column),
);

/** The staged updates with seq in (from, to]: the search words and specifications only where they changed. */
async function update(trx: Database, staging: CatalogueStaging, from: number, to: number): Promise<void> {
  const table = staging.table;
  const set = (columns: readonly string[]) => sql.raw(columns.map((column) => `${column} = s.${column}`).join(', '));
  const updated = `is_new = 0 and seq > ${from} and seq <= ${to}`;
  const where = sql`p.id = s.id and s.is_new = 0 and s.seq > ${from} and s.seq <= ${to} and ${sql.raw(staging.holds('p.id', updated))}`;
  await sql`update products as p set ${set(PLAIN)} from ${table} as s where ${where}`.execute(trx);
  await sql`update products as p set ${set(TEXT_COLUMNS)} from ${table} as s where ${where} and s.text_changed = 1`.execute(
    trx,
  );
  await sql`update products as p set attributes_json = s.attributes_json from ${table} as s
    where ${where} and s.attributes_changed = 1`.execute(trx);
}

/**
 * SQLite: while an import writes, its connection
 * - keeps more of the database's pages in memory (the products' 14 indexes, the search index, the
 *   specifications), then goes back to its own size;
 * - copies what each part wrote from the write-ahead log into the database file between parts
 *   (inTimedParts), no longer at the end of each commit: the copy needs no write lock, so the
 *   shop's own writes have the lock while it runs, and the parts hold it for writing alone
 *   (the copy was about a third of each part's time).
 * Every commit is as durable as before (synchronous stays FULL): only the copy moves.
 */
async function withImportConnection<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const pragma = async (name: string) =>
    Number(Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] ?? {})[0]);
  const cacheSize = (await pragma('cache_size')) || -2000;
  const autoCheckpoint = await pragma('wal_autocheckpoint');
  await sql.raw(`pragma cache_size = ${-IMPORT_CACHE_KIB}`).execute(db);
  await sql.raw('pragma wal_autocheckpoint = 0').execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma wal_autocheckpoint = ${autoCheckpoint}`).execute(db);
    await sql.raw(`pragma cache_size = ${cacheSize}`).execute(db);
    await sql`pragma wal_checkpoint(passive)`.execute(db);
  }
}

/** After a failure: the new products written hidden (seq 1…count) are deleted, as if the import never began. */
async function removeHidden(db: Database, staging: CatalogueStaging, count: number, gapMs: number) {
  await new TimedParts(db, SET_BATCH, LOCK_MS, gapMs, (trx, from, to) =>
    sql
      .raw(
        `delete from products where hidden = 1 and ${staging.holds('id', `is_new = 1 and seq > ${from} and seq <= ${to}`)}`,
      )
      .execute(trx)
      .then(() => {}),
  ).until(count);
}

/** The store's products in the catalogue's order, a batch at a time, by keyset (position, id). */
export async function* batchesOf(db: Database, storeId: string, batchSize: number): AsyncGenerator<ProductRow[]> {
  let after: { position: number; id: string } | undefined;
  for (;;) {
    let query = db.selectFrom('products').selectAll().where('store_id', '=', storeId);
    if (after) {
      const { position, id } = after;
      query = query.where((eb) =>
        eb.or([eb('position', '>', position), eb.and([eb('position', '=', position), eb('id', '>', id)])]),
      );
    }
    const rows = await query.orderBy('position').orderBy('id').limit(batchSize).execute();
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { position: Number(last.position), id: last.id };
  }
}

/** Up to this many new products are written visible at once; more are written hidden first, then shown. */
const SHOWN_AT_ONCE = 2000;
/** Rows in the first part of each phase (an import this small is one transaction). */
const SET_BATCH = 2000;
/** How long one transaction should hold the write lock: well within the shop's 5 s busy timeout, on a busy machine too. */
const LOCK_MS = 1000;
const GAP_MS = 120;
/** SQLite's page cache while an import writes, in KiB (256 MiB; the default is 2 MiB). */
const IMPORT_CACHE_KIB = 256 * 1024;
/** Imports that write at least this many rows tidy the table afterwards (see tidyAfterBulkWrite). */
const BULK_WRITE = 1000;
