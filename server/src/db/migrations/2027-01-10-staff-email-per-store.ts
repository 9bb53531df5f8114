import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A staff email is unique within its store, no longer across the whole server: one store's owner
// adding an email must not learn that it works in another store. An account of every store
// (store_id null) keeps its email to itself among those accounts; that such an account and one
// store's account never share an email is the staff service's rule (an index cannot say it).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await rebuildOnSqlite(db);
  else await sql.raw('alter table "staff" drop constraint "staff_email_key"').execute(db);
  await db.schema.createIndex('staff_store_email').on('staff').columns(['store_id', 'email']).unique().execute();
  await db.schema
    .createIndex('staff_every_store_email')
    .on('staff')
    .column('email')
    .unique()
    .where(sql.ref('store_id'), 'is', null)
    .execute();
}

/**
 * SQLite cannot drop a column's UNIQUE: the table is made again, in SQLite's own recipe (foreign
 * keys off around one transaction, so dropping the old table deletes no session or sign-in link,
 * then checked before the commit). Migrations on SQLite run outside a transaction, on one connection.
 */
async function rebuildOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql.raw('pragma foreign_keys = off').execute(db);
  try {
    await sql.raw('begin immediate').execute(db);
    try {
      await db.schema
        .createTable('staff_rebuilt')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        // null: every store of this server.
        .addColumn('store_id', 'text', (c) => c.references('stores.id'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql
        .raw(
          'insert into "staff_rebuilt" ("id", "email", "name", "role", "store_id", "password_hash", "totp_secret", "created_at") ' +
            'select "id", "email", "name", "role", "store_id", "password_hash", "totp_secret", "created_at" from "staff"',
        )
        .execute(db);
      await sql.raw('drop table "staff"').execute(db);
      await sql.raw('alter table "staff_rebuilt" rename to "staff"').execute(db);
      const broken = await sql.raw('pragma foreign_key_check').execute(db);
      if (broken.rows.length > 0) throw new Error(`Rebuilding the staff table broke ${broken.rows.length} references.`);
      await sql.raw('commit').execute(db);
    } catch (error) {
      await sql.raw('rollback').execute(db);
      throw error;
    }
  } finally {
    await sql.raw('pragma foreign_keys = on').execute(db);
  }
}
