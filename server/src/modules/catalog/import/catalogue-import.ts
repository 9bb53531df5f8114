import { SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { tidyAfterBulkWrite, writeTransaction } from '../../../db/transaction.js';
import { nowIso } from '../../../shared/ids.js';
import { catalogueChanged } from '../../stores/versions.js';
import { PENDING_SHARES_ADDED, PENDING_SHARES_TABLES } from '../listing-counts-sql.js';
import type { ProductInput } from '../product-row.js';
import { CatalogueStaging, type ImportChange, type PreparedRows } from './catalogue-staging.js';
import { withImportConnection } from './import-connection.js';
import { insertNew, lastPosition, show, update } from './set-writes.js';
import { TimedParts } from './timed-parts.js';

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
  /** Heard in each transaction that updated products (their stock may be back), before it commits. */
  afterUpdates?: (trx: Database, storeId: string) => Promise<void>;
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
      await options.afterUpdates?.(trx, storeId);
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
      await options.afterUpdates?.(trx, storeId);
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

/** Up to this many new products are written visible at once; more are written hidden first, then shown. */
const SHOWN_AT_ONCE = 2000;
/** Rows in the first part of each phase (an import this small is one transaction). */
const SET_BATCH = 2000;
/** How long one transaction should hold the write lock: well within the shop's 5 s busy timeout, on a busy machine too. */
const LOCK_MS = 1000;
const GAP_MS = 120;
/** Imports that write at least this many rows tidy the table afterwards (see tidyAfterBulkWrite). */
const BULK_WRITE = 1000;
