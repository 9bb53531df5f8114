import {
  checkGstin,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_MAX_LINE_QUANTITY,
  defaultInvoicePrefix,
  type GrievanceOfficer,
  STOREFRONT_TEXT_FIELDS,
  type StorefrontTexts,
  type StoreInfo,
} from '@netkart/contract';
import type { Database, StoreRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import { HostTakenError, hostsOf, type PublicHost, publicOriginOf } from './public-address.js';

export type Store = StoreRow;

/** A host name as a request may name a store (what the extra hosts are searched for). */
const PLAIN_HOST = /^[a-z0-9.-]{1,253}$/;

/** What every request hears before the merchant has created a store. */
export const NO_STORE_YET = 'This shop is not set up yet. Its owner creates it with: npm run store -- init';

/** Payment settings by their owner's name (the payments module's providers), each entry the owner's alone. */
export type PaymentSettingsByOwner = Record<string, object>;

export class StoreService {
  /**
   * `newPaymentSettings` gives a new store's first payment settings (a signing key the sandbox makes
   * for itself): the payments module's to decide, so this module knows no provider. Without it a new
   * store starts with none.
   */
  /** `localPort`: the server's own port, in the links of a store on localhost without a port of its own. */
  constructor(
    private readonly db: Database,
    private readonly newPaymentSettings: () => PaymentSettingsByOwner = () => ({}),
    private readonly localPort?: number,
  ) {}

  /** Where the store's links point (emails, canonical links, sitemaps): its configured host, never a request's. */
  publicOrigin(store: Pick<Store, 'host' | 'public_port'>): string {
    return publicOriginOf(store, this.localPort);
  }

  /**
   * The store for a host (its own or one of its extra hosts), falling back to the default store
   * (localhost, IPs and unknown hosts), in one read: the host's own store sorts before the default
   * one. Read afresh on every request, so a change made by another process (the `store` command, a
   * second server) shows on the next one.
   */
  async forHost(host: string): Promise<Store> {
    const store = await this.db
      .selectFrom('stores')
      .selectAll()
      .where((eb) =>
        host
          ? eb.or([
              eb('host', '=', host),
              // Only a plain host name is looked for among the extra hosts: no LIKE wildcard reaches the query.
              ...(PLAIN_HOST.test(host) ? [eb('extra_hosts_json', 'like', `%"${host}"%`)] : []),
              eb('is_default', '=', 1),
            ])
          : eb('is_default', '=', 1),
      )
      .orderBy('is_default')
      .limit(1)
      .executeTakeFirst();
    if (!store) throw new HttpError(503, NO_STORE_YET, { 'retry-after': '60' });
    return store;
  }

  /** Whether any store exists yet; once one does, it is never asked again (stores are not deleted). */
  async exists(): Promise<boolean> {
    if (this.someStoreExists) return true;
    const row = await this.db.selectFrom('stores').select('id').limit(1).executeTakeFirst();
    this.someStoreExists = row !== undefined;
    return this.someStoreExists;
  }

  private someStoreExists = false;

  /** The store of exactly this host, without falling back. */
  async byHost(host: string): Promise<Store | undefined> {
    return this.db.selectFrom('stores').selectAll().where('host', '=', host).executeTakeFirst();
  }

  async byId(id: string, db: Database = this.db): Promise<Store | undefined> {
    return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every store this server runs, by host. */
  async all(db: Database = this.db): Promise<Store[]> {
    return db.selectFrom('stores').selectAll().orderBy('host').execute();
  }

  async defaultStore(): Promise<Store | undefined> {
    return this.db.selectFrom('stores').selectAll().where('is_default', '=', 1).executeTakeFirst();
  }

  /**
   * Keeps the store's shipping rules as given (JSON the shipping module checked; null: none). The
   * shipping module reads them back from the store's row (`shipping_json`).
   */
  async setShippingRules(storeId: string, rulesJson: string | null, db: Database = this.db): Promise<void> {
    await db.updateTable('stores').set({ shipping_json: rulesJson }).where('id', '=', storeId).execute();
  }

  /** Whether any store answers to this host, as its own or as an extra host (`except` one store). */
  async isKnownHost(host: string, except?: string): Promise<boolean> {
    const taken = (await this.all()).filter((store) => store.id !== except).flatMap(hostsOf);
    return taken.includes(host);
  }

  /**
   * A new public address: the host (with a port only for a shop tried on this machine) and the extra
   * hosts it also answers to. A host another store answers to is refused, naming it.
   */
  async updateAddress(
    storeId: string,
    address: PublicHost & { extraHosts: string[] },
    db: Database = this.db,
  ): Promise<void> {
    const wanted = [address.host, ...address.extraHosts];
    // Read in the caller's transaction: on SQLite its one connection is held until it ends.
    for (const other of await this.all(db)) {
      if (other.id === storeId) continue;
      const clash = hostsOf(other).find((host) => wanted.includes(host));
      if (clash) throw new HostTakenError(`The store ${other.store_name} already answers to '${clash}'.`);
    }
    const extraHosts = address.extraHosts.filter((host) => host !== address.host);
    await this.written(db, (trx) =>
      trx
        .updateTable('stores')
        .set({
          host: address.host,
          public_port: address.port,
          extra_hosts_json: extraHosts.length ? JSON.stringify(extraHosts) : null,
        })
        .where('id', '=', storeId)
        .execute(),
    );
  }

  async create(
    host: string,
    info: StoreInfo,
    options: { isDefault: boolean; paymentProvider?: string; port?: number | null },
  ): Promise<Store> {
    const row: Store = {
      id: newId(),
      host,
      public_port: options.port ?? null,
      extra_hosts_json: null,
      is_default: options.isDefault ? 1 : 0,
      ...infoColumns(info),
      // A new store takes no online payment until its merchant chooses a provider: never the sandbox by default.
      payment_provider: options.paymentProvider ?? 'none',
      payment_config_json: JSON.stringify(this.newPaymentSettings()),
      shipping_json: null,
      low_stock_threshold: DEFAULT_LOW_STOCK_THRESHOLD,
      max_line_quantity: info.maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY,
      catalog_version: 0,
      stock_version: 0,
      created_at: nowIso(),
    };
    await this.written(this.db, (db) => db.insertInto('stores').values(row).execute());
    return row;
  }

  /**
   * Which payment provider the store runs, and the settings entries it changes, each whole under its
   * owner's name; the other entries stay as they are. Secrets included: they stay on the server.
   */
  async updatePayments(
    storeId: string,
    provider: string,
    entries: PaymentSettingsByOwner,
    db: Database = this.db,
  ): Promise<void> {
    await this.written(db, async (trx) => {
      // The provider's update takes the row's lock first, so the entries are merged into the latest settings.
      await trx.updateTable('stores').set({ payment_provider: provider }).where('id', '=', storeId).execute();
      const row = await trx
        .selectFrom('stores')
        .select('payment_config_json')
        .where('id', '=', storeId)
        .executeTakeFirst();
      if (!row) return;
      const current = JSON.parse(row.payment_config_json) as PaymentSettingsByOwner;
      await trx
        .updateTable('stores')
        .set({ payment_config_json: JSON.stringify({ ...current, ...entries }) })
        .where('id', '=', storeId)
        .execute();
    });
  }

  /** New details; listings are counted afresh, as the merchant's search synonyms may have changed. */
  async updateInfo(storeId: string, info: StoreInfo, db: Database = this.db): Promise<void> {
    await this.written(db, (trx) =>
      trx
        .updateTable('stores')
        .set((eb) => ({ ...infoColumns(info), catalog_version: eb('catalog_version', '+', 1) }))
        .where('id', '=', storeId)
        .execute(),
    );
  }

  /** Products at or below this stock show as low in the back office. */
  async updateLowStockThreshold(storeId: string, threshold: number, db: Database = this.db): Promise<void> {
    await this.written(db, (trx) =>
      trx.updateTable('stores').set({ low_stock_threshold: threshold }).where('id', '=', storeId).execute(),
    );
  }

  /**
   * A write of a store's row: in the caller's transaction when given one, else in a transaction of
   * its own, whose commit tells this process's kept stores at once (see writeTransaction).
   */
  private written(db: Database, write: (db: Database) => Promise<unknown>): Promise<unknown> {
    return db === this.db ? writeTransaction(db, write) : write(db);
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
    storefront_json: JSON.stringify(storefrontTextsOf(info)),
    legal_name: info.legalName?.trim() || null,
    gstin: info.gstin?.trim() || null,
    invoice_prefix: info.invoicePrefix?.trim() || null,
    grievance_officer_json: info.grievanceOfficer ? JSON.stringify(info.grievanceOfficer) : null,
    search_synonyms_json: info.searchSynonyms?.length ? JSON.stringify(info.searchSynonyms) : null,
    ...(info.maxLineQuantity === undefined ? {} : { max_line_quantity: info.maxLineQuantity }),
    bis_categories_json: info.bisCategories?.length ? JSON.stringify(info.bisCategories) : null,
  };
}

/** The start of the store's invoice numbers: the merchant's choice, else from the store's name. */
export const invoicePrefixOf = (store: Store): string => store.invoice_prefix ?? defaultInvoicePrefix(store.store_name);

/** The seller's particulars, each only when given; the GSTIN's state comes from its first two digits. */
function sellerParticularsOf(store: Store): Partial<StoreInfo> {
  const checked = store.gstin ? checkGstin(store.gstin) : undefined;
  return {
    ...(store.legal_name ? { legalName: store.legal_name } : {}),
    ...(store.gstin ? { gstin: store.gstin } : {}),
    ...(checked?.valid ? { gstState: { code: checked.stateCode, name: checked.stateName } } : {}),
    ...(store.invoice_prefix ? { invoicePrefix: store.invoice_prefix } : {}),
    ...(store.grievance_officer_json
      ? { grievanceOfficer: JSON.parse(store.grievance_officer_json) as GrievanceOfficer }
      : {}),
  };
}

/** Only the texts the merchant gave: an empty one is no text, so the storefront leaves its place out. */
function storefrontTextsOf(source: Partial<Record<keyof StorefrontTexts, unknown>>): StorefrontTexts {
  const texts: Record<string, unknown> = {};
  for (const field of STOREFRONT_TEXT_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null) texts[field] = value;
  }
  return texts as StorefrontTexts;
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
    ...storefrontTextsOf(JSON.parse(store.storefront_json) as Partial<StorefrontTexts>),
    ...sellerParticularsOf(store),
    ...(store.search_synonyms_json ? { searchSynonyms: searchSynonymsOf(store) } : {}),
    maxLineQuantity: Number(store.max_line_quantity),
    ...(store.bis_categories_json ? { bisCategories: bisCategoriesOf(store) } : {}),
  };
}

/** The categories the merchant marks as BIS-notified: their products need a BIS R-number. */
export const bisCategoriesOf = (store: Pick<Store, 'bis_categories_json'>): string[] =>
  store.bis_categories_json ? (JSON.parse(store.bis_categories_json) as string[]) : [];

/** The store's own synonym groups, for its searches. */
export const searchSynonymsOf = (store: Store): string[][] =>
  store.search_synonyms_json ? (JSON.parse(store.search_synonyms_json) as string[][]) : [];
