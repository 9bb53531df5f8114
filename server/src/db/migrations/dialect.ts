import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Frozen with the migrations that use it: a released migration's behaviour must not move, so
// this file is never edited either. A migration that needs something else gets it in its own file.

/** Migrations are written once with Kysely's schema builder and run on SQLite and PostgreSQL alike. */
export const dialectOf = (db: Kysely<unknown>) =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

/** Runs, in order, the statements written for the database's own dialect. */
export async function runStatements(
  db: Kysely<unknown>,
  statements: Readonly<Record<'sqlite' | 'postgres', readonly string[]>>,
) {
  for (const statement of statements[dialectOf(db)]) await sql.raw(statement).execute(db);
}
