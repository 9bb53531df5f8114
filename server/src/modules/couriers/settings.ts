import type { Database } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { nowIso } from '../../shared/ids.js';
import type { CourierProvider, CourierSettings, TokenKeeper } from './provider.js';
import { courierProviderNamed, unknownCourierMessage } from './registry.js';

/** A store's courier service and its settings, as kept. */
export interface StoreCourier {
  provider: CourierProvider;
  settings: CourierSettings;
}

const parsedSettings = (json: string): CourierSettings => {
  const value: unknown = JSON.parse(json);
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
};

/** The store's courier service, or undefined when the merchant has set none (shipping stays by hand). */
export async function storeCourier(db: Database, storeId: string): Promise<StoreCourier | undefined> {
  const row = await db.selectFrom('courier_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  const provider = row && courierProviderNamed(row.provider);
  if (!row || !provider) return undefined;
  const settings = parsedSettings(row.settings_json);
  for (const field of provider.settings) {
    if (settings[field.key] === undefined && field.fallback !== undefined) settings[field.key] = field.fallback;
  }
  return { provider, settings };
}

/**
 * Checks and keeps a merchant's courier settings: each value by its provider's rule (a 400 naming the
 * setting), merged over what was kept for that provider, and complete before it is kept. Returns the
 * keys changed, never their values.
 */
export async function setStoreCourier(
  db: Database,
  storeId: string,
  providerName: string,
  given: Record<string, string | undefined>,
): Promise<{ provider: CourierProvider; changed: string[] }> {
  const provider = courierProviderNamed(providerName);
  if (!provider) throw new HttpError(400, unknownCourierMessage(providerName), {}, 'provider');
  const row = await db.selectFrom('courier_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  const kept = row && row.provider === provider.name ? parsedSettings(row.settings_json) : {};
  const changed: string[] = [];
  for (const field of provider.settings) {
    const value = given[field.key];
    if (value === undefined) continue;
    const checked = field.rule.safeParse(value);
    if (!checked.success) {
      throw new HttpError(400, checked.error.issues[0]?.message ?? `${field.flag} is not valid.`, {}, field.key);
    }
    kept[field.key] = checked.data;
    changed.push(field.key);
  }
  const missing = provider.settings.filter((field) => field.fallback === undefined && !kept[field.key]);
  if (missing.length > 0) {
    throw new HttpError(
      400,
      `${provider.title} needs ${missing.map((field) => `--${field.flag}`).join(', ')} as well.`,
      {},
      missing[0]?.key,
    );
  }
  const values = {
    provider: provider.name,
    settings_json: JSON.stringify(kept),
    // New credentials: the token of the old ones is not theirs.
    token: null,
    token_expires_at: null,
    updated_at: nowIso(),
  };
  await db
    .insertInto('courier_settings')
    .values({ store_id: storeId, ...values })
    .onConflict((conflict) => conflict.column('store_id').doUpdateSet(values))
    .execute();
  return { provider, changed };
}

/** The settings as the merchant may see them printed: secrets only as set or not. */
export function describeCourier(courier: StoreCourier | undefined): Record<string, string> {
  if (!courier) return { provider: 'none (orders are shipped by hand)' };
  return {
    provider: courier.provider.name,
    ...Object.fromEntries(
      courier.provider.settings.map((field) => {
        const value = courier.settings[field.key];
        return [field.flag, field.secret ? (value ? 'set (hidden)' : 'not set') : (value ?? 'not set')];
      }),
    ),
  };
}

/** The store's session token with its courier service, kept in the database for every process. */
export function tokenKeeper(db: Database, storeId: string): TokenKeeper {
  return {
    async read() {
      const row = await db
        .selectFrom('courier_settings')
        .select(['token', 'token_expires_at'])
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      return row?.token && row.token_expires_at ? { token: row.token, expiresAt: row.token_expires_at } : undefined;
    },
    async write(token, expiresAt) {
      await db
        .updateTable('courier_settings')
        .set({ token, token_expires_at: expiresAt })
        .where('store_id', '=', storeId)
        .execute();
    },
  };
}
