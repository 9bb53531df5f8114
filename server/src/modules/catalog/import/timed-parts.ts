import { sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { writeTransaction } from '../../../db/transaction.js';

/**
 * Runs `work` over seq 1… in transactions that each hold the write lock about `lockMs`: the size
 * of the next part follows from the time the last took, so it fits any machine and any load.
 * Between two parts the lock stays free `gapMs` at least (SQLite: see GAP_MS in
 * catalogue-import.ts), while what the last part wrote is copied into the database file (see
 * import-connection.ts).
 */
export class TimedParts {
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
