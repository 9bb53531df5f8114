import type { z } from 'zod';

/** One courier provider's settings as stored: its own keys only, secrets included (they never leave the server). */
export type CourierSettings = Record<string, string>;

/** One setting a courier provider needs, and how the merchant gives it (`store couriers set --<flag>`). */
export interface CourierSettingDeclaration {
  key: string;
  /** The command's flag, without its dashes: `pickup-location`. */
  flag: string;
  /** What the merchant is told it is. */
  help: string;
  /** Never printed once set: shown as "set (hidden)". */
  secret?: boolean;
  /** Taken when the merchant gives none (the store's default parcel). */
  fallback?: string;
  rule: z.ZodType<string>;
}

/** The parcel as the courier books it: the order's buyer, lines, payment and package. */
export interface Parcel {
  orderId: string;
  /** When it was placed (ISO instant). */
  placedAt: string;
  buyer: {
    name: string;
    email: string;
    /** Ten digits, without +91. */
    phone: string;
    address: string;
    city: string;
    state: string;
    postalCode: string;
  };
  lines: { name: string; sku: string; units: number; unitPrice: number; hsn: string | null }[];
  /** Rupees. */
  total: number;
  paymentMethod: 'COD' | 'Prepaid';
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/**
 * A reverse pickup as the courier books it: collected from the shopper (the order's address) and
 * carried to the store's pickup location. `key` is our reference for it, one per return.
 */
export interface ReverseParcel {
  key: string;
  placedAt: string;
  shopper: Parcel['buyer'];
  lines: Parcel['lines'];
  /** Rupees: what the returned lines came to. */
  total: number;
  weightKg: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** What the courier knows of an order it holds. */
export interface BookedOrder {
  providerOrderId: string;
  shipmentId: string;
  awb?: string | undefined;
  courierName?: string | undefined;
}

/** Where a provider keeps its session token between calls (in the database, for every process). */
export interface TokenKeeper {
  read(): Promise<{ token: string; expiresAt: string } | undefined>;
  write(token: string, expiresAt: string): Promise<void>;
}

/** One provider's calls, signed in with a store's settings. */
export interface CourierApi {
  /** The order the courier already holds under our order number (a creation whose answer was lost), if any. */
  findOrder(orderId: string): Promise<BookedOrder | undefined>;
  createOrder(parcel: Parcel): Promise<BookedOrder>;
  assignAwb(shipmentId: string): Promise<{ awb: string; courierName: string }>;
  requestPickup(shipmentId: string): Promise<void>;
  /** The label's PDF for the shipment. */
  label(shipmentId: string): Promise<Buffer>;
  /** Cancels an order the courier holds (its own id): the parcel is not picked up. Returns the courier's words. */
  cancelOrder(providerOrderId: string): Promise<string>;
  /** The return order the courier already holds under our key (a creation whose answer was lost), if any. */
  findReturn(key: string): Promise<BookedOrder | undefined>;
  /** Creates a return order: picked up at the shopper's, delivered to the store's pickup location. */
  createReturn(parcel: ReverseParcel): Promise<BookedOrder>;
  /** Assigns the return shipment its courier and AWB (the courier then collects it). */
  assignReturnAwb(shipmentId: string): Promise<{ awb: string; courierName: string }>;
}

/** A tracking event the courier sent, read and checked. */
export interface TrackingUpdate {
  awb: string;
  /** The courier's words for the status, e.g. 'OUT FOR DELIVERY'. */
  status: string;
  statusCode: number | null;
  /** What it means to the order. */
  meaning: 'delivered' | 'returned-to-origin' | 'on-its-way' | 'other';
  /** When it happened (ISO instant). */
  happenedAt: string;
  location: string | null;
}

/** What the outside world gives a provider: its base address and how long a call may take. */
export interface CourierEnvironment {
  shiprocketApiUrl: string;
  timeoutMs: number;
  /** Where label PDFs are kept, one folder per store. */
  labelsDir: string;
}

/**
 * A courier service in one box (Shiprocket now, Delhivery next): its settings, its calls, its tracking
 * page, and how its webhooks are checked and read. The registry lists them.
 */
export interface CourierProvider {
  readonly name: string;
  /** How staff and shoppers see it named, e.g. 'Shiprocket'. */
  readonly title: string;
  readonly settings: CourierSettingDeclaration[];
  api(settings: CourierSettings, environment: CourierEnvironment, tokens: TokenKeeper): CourierApi;
  trackingUrl(awb: string): string;
  /** What a tracking status (the courier's code and words) means to the order. */
  meaningOf(statusCode: number | null, status: string): TrackingUpdate['meaning'];
  /** Checks a webhook's credentials (throws a 401 HttpError) and reads it (throws a 400 naming the field). */
  readWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
    settings: CourierSettings,
  ): TrackingUpdate;
}

/** A courier service refused or failed a call: the status to answer with and the words to show. */
export class CourierError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
