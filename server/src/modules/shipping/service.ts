import { SHIPPING_SAC, ShippingRules, type ShippingRulesInput, type ShippingZone } from '@netkart/contract';
import type { Database, ProductVariantRow, StoreRow } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { type ProductToOrder, productsToOrder } from '../catalog/stock.js';
import type { KnownPincode, PincodeService } from '../pincodes/service.js';
import type { StoreService } from '../stores/service.js';
import { chargeableGrams, freeFromPaise, type PackedLine, shippingPaise } from './slabs.js';
import { zoneBetween } from './zones.js';

/** What shipping an order costs, in paise, and how it was worked out. */
export interface ShippingPrice {
  charge: number;
  freeFrom: number | null;
  zone: ShippingZone;
  grams: number;
}

/** The one charge line shipping adds to an order (its tax rate is the goods', set by the orders). */
export interface ShippingChargeLine {
  kind: 'shipping';
  label: string;
  amount: number;
  sac: string;
}

export const SHIPPING_LABEL = 'Shipping';

/** The last PIN written in an address ("… Bengaluru, Karnataka 560025, India"). */
export function pincodeInAddress(address: string): string | undefined {
  return [...address.matchAll(/(?<!\d)[1-9]\d{5}(?!\d)/g)].at(-1)?.[0];
}

/** Rules kept before a change of their shape, or edited by hand into nonsense, charge nothing. */
export function rulesOf(store: Pick<StoreRow, 'shipping_json'>): ShippingRules | undefined {
  if (!store.shipping_json) return undefined;
  try {
    const parsed = ShippingRules.safeParse(JSON.parse(store.shipping_json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The variant a quote's item names, as an order line would resolve it; none for a product without
 * options (its own SKU may name it) or an item naming none (the product's parcel and cheapest price).
 */
function variantNamed(product: ProductToOrder, sku: string | undefined): ProductVariantRow | undefined {
  if (sku === undefined) return undefined;
  const wanted = sku.toLowerCase();
  const variant = product.variants.find((candidate) => candidate.sku.toLowerCase() === wanted);
  if (variant || (product.variants.length === 0 && product.sku.toLowerCase() === wanted)) return variant;
  throw new HttpError(400, `items: ${product.title} has no variant ${sku}.`, {}, 'items');
}

export const unknownPincode = (pin: string) => `PIN code ${pin} is not a PIN code we know. Please check it.`;

/**
 * A store's shipping charge: its rules (zone × weight slab, free from a threshold), the PIN the
 * parcels leave from and the PIN they go to. The server works it out itself at placing.
 */
export class ShippingService {
  constructor(
    private readonly db: Database,
    private readonly stores: StoreService,
    private readonly pincodes: PincodeService,
  ) {}

  /** Checks and keeps a store's rules; returns them as kept. A zod error names the field. */
  async setRules(storeId: string, input: ShippingRulesInput | null, db?: Database): Promise<ShippingRules | null> {
    const rules = input === null ? null : ShippingRules.parse(input);
    await this.stores.setShippingRules(storeId, rules === null ? null : JSON.stringify(rules), db);
    return rules;
  }

  /** What shipping costs for these lines to a known PIN; free (0) for a store without rules. */
  async price(
    store: StoreRow,
    parcel: { lines: PackedLine[]; itemsTotal: number; destination: KnownPincode | undefined },
    db?: Database,
  ): Promise<ShippingPrice> {
    const rules = rulesOf(store);
    const zone = parcel.destination
      ? zoneBetween(await this.originOf(store, rules, db), parcel.destination)
      : 'restOfIndia';
    if (!rules) return { charge: 0, freeFrom: null, zone, grams: 0 };
    const grams = chargeableGrams(parcel.lines, rules);
    return {
      charge: shippingPaise(rules, { itemsTotal: parcel.itemsTotal, zone, grams }),
      freeFrom: freeFromPaise(rules),
      zone,
      grams,
    };
  }

  private async originOf(store: StoreRow, rules: ShippingRules | undefined, db?: Database) {
    const originPin = rules?.originPincode ?? pincodeInAddress(store.company_address);
    return originPin ? this.pincodes.lookup(originPin, db) : undefined;
  }

  /** A cart's quote before checkout (POST /shipping/quote): the products as the catalogue has them now. */
  async quote(
    store: StoreRow,
    items: { productId: string; quantity: number; variantSku?: string | undefined }[],
    pincode: string | undefined,
  ): Promise<ShippingPrice> {
    const db = this.db;
    const destination = pincode === undefined ? undefined : await this.pincodes.lookup(pincode);
    if (pincode !== undefined && !destination) throw new HttpError(404, unknownPincode(pincode), {}, 'pincode');
    const ids = [...new Set(items.map((item) => item.productId))].sort();
    const products = new Map((await productsToOrder(db, store.id, ids)).map((product) => [product.id, product]));
    const lines = items.flatMap((item) => {
      const product = products.get(item.productId);
      return product ? [{ product, variant: variantNamed(product, item.variantSku), quantity: item.quantity }] : [];
    });
    if (lines.length === 0) {
      throw new HttpError(400, 'None of these products is on sale. Please review your cart.', {}, 'items');
    }
    const itemsTotal = lines.reduce(
      (sum, { product, variant, quantity }) =>
        sum + Number((variant ?? product).discounted_price ?? (variant ?? product).regular_price) * quantity,
      0,
    );
    return this.price(store, { lines, itemsTotal, destination });
  }

  /** The shipping line of an order being placed, in its transaction; none when shipping is free. */
  async chargeFor(
    trx: Database,
    order: { storeId: string; lines: PackedLine[]; itemsTotal: number; pincode: string },
  ): Promise<ShippingChargeLine[]> {
    const store = await this.stores.byId(order.storeId, trx);
    // No PIN yet (a cart's quote): the rest of India, as POST /shipping/quote prices it.
    const destination = order.pincode ? await this.pincodes.lookup(order.pincode, trx) : undefined;
    if (!store || (order.pincode && !destination)) return [];
    const { charge } = await this.price(store, { lines: order.lines, itemsTotal: order.itemsTotal, destination }, trx);
    return charge > 0 ? [{ kind: 'shipping', label: SHIPPING_LABEL, amount: charge, sac: SHIPPING_SAC }] : [];
  }
}
