import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Sign-in by mobile number: an account may now have a verified phone instead of (or besides) an
// email, so the email may be null; a phone signs in to one account of its store. The codes sent to
// phones are kept hashed, each with its expiry, its tries left and when it was used (once).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await rebuildUsersOnSqlite(db);
  else {
    await sql.raw('alter table "users" alter column "email" drop not null').execute(db);
    await db.schema.alterTable('users').addColumn('phone', 'text').execute();
    await db.schema.alterTable('users').addColumn('phone_verified_at', 'text').execute();
  }
  await db.schema
    .createIndex('users_store_phone')
    .on('users')
    .columns(['store_id', 'phone'])
    .unique()
    .where(sql.ref('phone'), 'is not', null)
    .execute();

  await db.schema
    .createTable('sign_in_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    // 'sign-in' (anyone), or 'add-phone' (a signed-in account adding this number: user_id).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries_left', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('sign_in_codes_phone')
    .on('sign_in_codes')
    .columns(['store_id', 'phone', 'created_at'])
    .execute();
}

/**
 * SQLite cannot drop a column's NOT NULL: the users table is made again, in SQLite's own recipe
 * (foreign keys off around one transaction, so dropping the old table deletes no session, order or
 * address, then checked before the commit). Migrations on SQLite run outside a transaction.
 */
async function rebuildUsersOnSqlite(db: Kysely<unknown>): Promise<void> {
  await sql.raw('pragma foreign_keys = off').execute(db);
  try {
    await sql.raw('begin immediate').execute(db);
    try {
      await db.schema
        .createTable('users_rebuilt')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
        .addColumn('email', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('phone_verified_at', 'text')
        .addUniqueConstraint('users_store_email', ['store_id', 'email'])
        .execute();
      await sql
        .raw(
          'insert into "users_rebuilt" ("id", "store_id", "email", "password_hash", "first_name", "last_name", "created_at") ' +
            'select "id", "store_id", "email", "password_hash", "first_name", "last_name", "created_at" from "users"',
        )
        .execute(db);
      await sql.raw('drop table "users"').execute(db);
      await sql.raw('alter table "users_rebuilt" rename to "users"').execute(db);
      const broken = await sql.raw('pragma foreign_key_check').execute(db);
      if (broken.rows.length > 0) throw new Error(`Rebuilding the users table broke ${broken.rows.length} references.`);
      await sql.raw('commit').execute(db);
    } catch (error) {
      await sql.raw('rollback').execute(db);
      throw error;
    }
  } finally {
    await sql.raw('pragma foreign_keys = on').execute(db);
  }
}
