import type { Kysely } from 'kysely';

// Order updates on WhatsApp: each shopper's consent (given and withdrawn, with the words they
// agreed to: the DPDP Rules ask for a record), each template message Meta accepted with the
// delivery status its webhook reported last, and the outbox's template call (name and parameters)
// for a WhatsApp message, beside the text shown for it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('payload_json', 'text').execute();
  await db.schema
    .createTable('whatsapp_consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('consent_text', 'text', (c) => c.notNull())
    .addColumn('given_via', 'text', (c) => c.notNull())
    .addColumn('given_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_via', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createIndex('whatsapp_consents_by_user')
    .on('whatsapp_consents')
    .columns(['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('whatsapp_consents_by_phone').on('whatsapp_consents').column('phone').execute();
  await db.schema
    .createTable('whatsapp_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id'))
    .addColumn('outbox_id', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}
