import { type Kysely, sql } from 'kysely';

// Each payment provider's settings move under its own name: `{ "sandboxSecret": … , "upiVpa": … }`
// becomes `{ "sandbox": { "sandboxSecret": … }, "upi": { "upiVpa": … } }`, so two providers may use
// the same key without meeting. Keys no provider read are dropped: nothing could have used them.

/** Each setting's provider, as the providers declared them when this migration was released. */
const PROVIDER_OF_KEY: Readonly<Record<string, string>> = {
  sandboxSecret: 'sandbox',
  upiVpa: 'upi',
  upiPayee: 'upi',
  payuKey: 'payu',
  payuSalt: 'payu',
  payuUrl: 'payu',
};

/** One store's settings, each under its provider's name. */
function byProvider(flat: Record<string, unknown>): Record<string, Record<string, string>> {
  const entries: Record<string, Record<string, string>> = {};
  for (const [key, value] of Object.entries(flat)) {
    const provider = PROVIDER_OF_KEY[key];
    if (provider === undefined || typeof value !== 'string') continue;
    entries[provider] = { ...entries[provider], [key]: value };
  }
  return entries;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; payment_config_json: string }>`
    select id, payment_config_json from stores`.execute(db);
  for (const row of rows) {
    const flat: unknown = JSON.parse(row.payment_config_json);
    const settings = typeof flat === 'object' && flat !== null ? byProvider(flat as Record<string, unknown>) : {};
    await sql`update stores set payment_config_json = ${JSON.stringify(settings)} where id = ${row.id}`.execute(db);
  }
}
