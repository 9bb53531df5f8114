import type { Kysely } from 'kysely';

// India's PIN directory, one for the whole server (a PIN's district and state are the same for every
// store): each PIN's district and GST state code; `source` says whether it came with the shop's own
// file or from a merchant's import (an import is never overwritten by the shop's file). The one row
// of pincode_directory says which version of the shop's file was loaded last.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pincode_directory')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('loaded_at', 'text', (c) => c.notNull())
    .execute();
}
