import type SQLite from 'better-sqlite3';
import { type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Enough for every query the shop builds (each its own SQL text, parameters apart), with room to spare. */
export const KEPT_STATEMENTS = 500;

/**
 * better-sqlite3 behind Kysely, with each statement prepared once and kept by its SQL text:
 * Kysely's own SQLite dialect prepares the same text again on every query, which was about a
 * third of the time of a catalogue read. Values always travel as parameters, never in the text,
 * so what a shopper types never adds a statement; the least recently used go first beyond `kept`.
 * A kept statement stays right across schema changes: SQLite prepares it again by itself.
 */
export class KeptStatementsSqliteDialect extends SqliteDialect {
  readonly statements: KeptStatements;

  constructor(database: SQLite.Database, kept = KEPT_STATEMENTS) {
    const statements = new KeptStatements(database, kept);
    super({ database: statements });
    this.statements = statements;
  }
}

export class KeptStatements implements SqliteDatabase {
  private readonly kept: LRUCache<string, SQLite.Statement>;

  constructor(
    private readonly database: SQLite.Database,
    kept: number,
  ) {
    this.kept = new LRUCache({ max: kept });
  }

  /** How many statements are kept now. */
  get size(): number {
    return this.kept.size;
  }

  prepare(sql: string): SqliteStatement {
    const known = this.kept.get(sql);
    // A statement still stepping through a streamed read cannot run again until it is done.
    if (known && !known.busy) return known;
    const statement = this.database.prepare(sql);
    if (!known) this.kept.set(sql, statement);
    return statement;
  }

  close(): void {
    this.kept.clear();
    this.database.close();
  }
}
