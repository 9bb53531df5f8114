import type { Kysely } from 'kysely';

// The store's public address: the other hosts it answers to (a `www.` form, an old domain) as a JSON
// array of host names, and the port of its address when it has one (a shop tried on this machine).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stores').addColumn('extra_hosts_json', 'text').execute();
  await db.schema.alterTable('stores').addColumn('public_port', 'integer').execute();
}
