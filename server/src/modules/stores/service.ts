import { randomBytes } from 'node:crypto';
import type { StoreInfo } from '@store/contract';
import type { Database, StoreRow } from '../../db/schema.js';
import { newId, nowIso } from '../../http/ids.js';

export type Store = StoreRow;

/** The store a request is for: its Host without port and without a leading 'api.'. */
export function storeHostOf(hostHeader: string | undefined): string {
  const host = (hostHeader ?? '').trim().toLowerCase();
  const withoutPort = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return withoutPort.replace(/^api\./, '');
}

export class StoreService {
  constructor(private readonly db: Database) {}

  /** The store for a host, falling back to the default store (localhost, IPs and unknown hosts). */
  async forHost(host: string): Promise<Store> {
    const store = (host ? await this.byHost(host) : undefined) ?? (await this.defaultStore());
    if (!store) throw new Error('No store is configured.');
    return store;
  }

  /** The store of exactly this host, without falling back. */
  async byHost(host: string): Promise<Store | undefined> {
    return this.db.selectFrom('stores').selectAll().where('host', '=', host).executeTakeFirst();
  }

  /** Every store this server runs, by host. */
  async all(): Promise<Store[]> {
    return this.db.selectFrom('stores').selectAll().orderBy('host').execute();
  }

  async defaultStore(): Promise<Store | undefined> {
    return this.db.selectFrom('stores').selectAll().where('is_default', '=', 1).executeTakeFirst();
  }

  async isKnownHost(host: string): Promise<boolean> {
    const row = await this.db.selectFrom('stores').select('id').where('host', '=', host).executeTakeFirst();
    return row !== undefined;
  }

  async create(
    host: string,
    info: StoreInfo,
    options: { isDefault: boolean; paymentProvider?: string },
  ): Promise<Store> {
    const row: Store = {
      id: newId(),
      host,
      is_default: options.isDefault ? 1 : 0,
      ...infoColumns(info),
      // A new store takes no online payment until its merchant chooses a provider: never the sandbox by default.
      payment_provider: options.paymentProvider ?? 'none',
      payment_config_json: JSON.stringify({ sandboxSecret: randomBytes(32).toString('hex') }),
      created_at: nowIso(),
    };
    await this.db.insertInto('stores').values(row).execute();
    return row;
  }

  /** Which payment provider the store runs, and its settings (secrets included: they stay on the server). */
  async updatePayments(storeId: string, provider: string, config: object): Promise<void> {
    await this.db
      .updateTable('stores')
      .set({ payment_provider: provider, payment_config_json: JSON.stringify(config) })
      .where('id', '=', storeId)
      .execute();
  }

  async updateInfo(storeId: string, info: StoreInfo): Promise<void> {
    await this.db.updateTable('stores').set(infoColumns(info)).where('id', '=', storeId).execute();
  }
}

function infoColumns(info: StoreInfo) {
  return {
    store_name: info.storeName,
    company_name: info.companyName,
    company_address: info.companyAddress,
    company_email: info.companyEmail,
    company_phone: info.companyPhone,
    company_logo_url: info.companyLogoUrl,
    description: info.description,
    categories_json: JSON.stringify(info.categories),
    category_images_json: JSON.stringify(info.categoryImages),
    policies_json: JSON.stringify(info.policies),
  };
}

export function toStoreInfo(store: Store): StoreInfo {
  return {
    storeName: store.store_name,
    companyName: store.company_name,
    companyAddress: store.company_address,
    companyEmail: store.company_email,
    companyPhone: store.company_phone,
    companyLogoUrl: store.company_logo_url,
    description: store.description,
    categories: JSON.parse(store.categories_json) as string[],
    categoryImages: JSON.parse(store.category_images_json) as Record<string, string>,
    policies: JSON.parse(store.policies_json) as Record<string, string>,
  };
}
