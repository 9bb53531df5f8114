import { DeliveryRules } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { type DeliveryPromise, defaultDeliveryRules, deliveryTo } from './delivery.js';
import type { KnownPincode, PincodeService } from './service.js';

/** The state a store ships from (its GSTIN's), when it has one: the default rules' "same state" zone. */
export type ShopStateOf = (storeId: string, db?: Database) => Promise<string | undefined>;

/** Where each store delivers and when, as its merchant set it (or the default rules); "now" is injectable. */
export class DeliveryRulesService {
  constructor(
    private readonly db: Database,
    private readonly pincodes: PincodeService,
    private readonly shopStateOf: ShopStateOf,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The store's rules, and whether they are its own or the default. */
  async rulesOf(storeId: string, db: Database = this.db): Promise<{ rules: DeliveryRules; own: boolean }> {
    const row = await db
      .selectFrom('delivery_rules')
      .select('rules_json')
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (row) return { rules: DeliveryRules.parse(JSON.parse(row.rules_json)), own: true };
    return { rules: defaultDeliveryRules(await this.shopStateOf(storeId, db)), own: false };
  }

  /** Replaces the store's rules (already checked against DeliveryRules by the caller). */
  async setRules(storeId: string, rules: DeliveryRules, now = new Date(), db: Database = this.db): Promise<void> {
    const row = { rules_json: JSON.stringify(rules), updated_at: now.toISOString() };
    await db
      .insertInto('delivery_rules')
      .values({ store_id: storeId, ...row })
      .onConflict((conflict) => conflict.column('store_id').doUpdateSet(row))
      .execute();
  }

  /** Back to the default rules. */
  async clearRules(storeId: string, db: Database = this.db): Promise<void> {
    await db.deleteFrom('delivery_rules').where('store_id', '=', storeId).execute();
  }

  /** A PIN's place and the store's promise for it now; undefined for a PIN the directory does not know. */
  async promiseFor(
    storeId: string,
    pincode: string,
    db: Database = this.db,
  ): Promise<(KnownPincode & DeliveryPromise) | undefined> {
    const known = await this.pincodes.lookup(pincode, db);
    if (!known) return undefined;
    const { rules } = await this.rulesOf(storeId, db);
    return { ...known, ...deliveryTo(rules, known, this.clock()) };
  }
}
