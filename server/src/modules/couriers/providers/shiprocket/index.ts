import { z } from 'zod';
import { HttpError } from '../../../../http/errors.js';
import { sameText } from '../../matching.js';
import {
  type BookedOrder,
  type CourierApi,
  CourierError,
  type CourierProvider,
  type CourierSettingDeclaration,
  type Parcel,
  type ReverseParcel,
  type TrackingUpdate,
} from '../../provider.js';
import { ShiprocketClient, shiprocketMessage } from './client.js';
import { readShiprocketTime } from './time.js';

const NAME = 'shiprocket';

const SETTINGS: CourierSettingDeclaration[] = [
  {
    key: 'email',
    flag: 'email',
    help: "the email of your Shiprocket API user (Settings → API → Configure, in Shiprocket's panel)",
    rule: z.email({ error: "The Shiprocket API user's email must be an email address." }),
  },
  {
    key: 'password',
    flag: 'password',
    help: "that API user's password (stored on the server only; never shown again)",
    secret: true,
    rule: z.string().min(6, { error: "The Shiprocket API user's password has at least 6 characters." }).max(200),
  },
  {
    key: 'pickupLocation',
    flag: 'pickup-location',
    help: "the name of your pickup address as Shiprocket lists it (Settings → Pickup Addresses), e.g. 'Primary'",
    rule: z
      .string()
      .trim()
      .min(1, { error: 'The pickup location is the name Shiprocket lists it under, e.g. Primary.' })
      .max(100),
  },
  {
    key: 'webhookToken',
    flag: 'webhook-token',
    help: "the token you set for Shiprocket's tracking webhook (sent in its x-api-key header; never shown again)",
    secret: true,
    rule: z
      .string()
      .trim()
      .min(16, { error: 'The webhook token has at least 16 characters: make it long and random.' })
      .max(200),
  },
  {
    key: 'parcelWeightKg',
    flag: 'parcel-weight',
    help: "a parcel's weight in kg when its products give none, e.g. 0.5",
    fallback: '0.5',
    rule: z
      .string()
      .trim()
      .regex(/^(?!0+(\.0+)?$)\d{1,3}(\.\d{1,3})?$/, { error: 'The parcel weight is kilograms, like 0.5.' }),
  },
  {
    key: 'parcelSizeCm',
    flag: 'parcel-size',
    help: "a parcel's length×breadth×height in cm when its products give none, e.g. 20x15x10",
    fallback: '20x15x10',
    rule: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[1-9]\d{0,2}[x×][1-9]\d{0,2}[x×][1-9]\d{0,2}$/, {
        error: 'The parcel size is length×breadth×height in whole centimetres, like 20x15x10.',
      })
      .transform((value) => value.replaceAll('×', 'x')),
  },
];

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;

const objectAt = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const refused = (what: string, body: unknown) =>
  new CourierError(422, `Shiprocket refused to ${what}: ${shiprocketMessage(body)}.`);

/** Splits 'Asha Rao' into Shiprocket's first and last name (the last may be empty). */
function names(full: string): { first: string; last: string } {
  const words = full.trim().split(/\s+/);
  return { first: words[0] ?? full, last: words.slice(1).join(' ') };
}

/** Shiprocket's order_date: 'YYYY-MM-DD HH:mm', India time. */
const indiaMinute = (iso: string) =>
  new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

function adhocOrder(parcel: Parcel, pickupLocation: string) {
  const { first, last } = names(parcel.buyer.name);
  return {
    order_id: parcel.orderId,
    order_date: indiaMinute(parcel.placedAt),
    pickup_location: pickupLocation,
    billing_customer_name: first,
    billing_last_name: last,
    billing_address: parcel.buyer.address,
    billing_city: parcel.buyer.city,
    billing_pincode: parcel.buyer.postalCode,
    billing_state: parcel.buyer.state,
    billing_country: 'India',
    billing_email: parcel.buyer.email,
    billing_phone: parcel.buyer.phone,
    shipping_is_billing: true,
    order_items: parcel.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      units: line.units,
      selling_price: line.unitPrice,
      ...(line.hsn ? { hsn: line.hsn } : {}),
    })),
    payment_method: parcel.paymentMethod,
    sub_total: parcel.total,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: parcel.weightKg,
  };
}

/** One of the store's pickup addresses as Shiprocket lists it (Settings → Pickup Addresses). */
interface PickupAddress {
  name: string;
  email: string;
  phone: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
}

/** The store's pickup location by its name, from Shiprocket's list: where a return is delivered. */
async function pickupAddress(client: ShiprocketClient, pickupLocation: string): Promise<PickupAddress> {
  const { status, json } = await client.call('GET', '/v1/external/settings/company/pickup');
  if (status >= 400) throw refused('list the pickup addresses', json);
  const rows = objectAt(json.data).shipping_address;
  const found = (Array.isArray(rows) ? rows.map(objectAt) : []).find(
    (row) => text(row.pickup_location)?.toLowerCase() === pickupLocation.toLowerCase(),
  );
  if (!found) {
    throw new CourierError(
      422,
      `Shiprocket lists no pickup address named '${pickupLocation}': a return is delivered there. Check the pickup location (store couriers set --pickup-location …).`,
    );
  }
  return {
    name: text(found.name) ?? pickupLocation,
    email: text(found.email) ?? '',
    phone: (text(found.phone) ?? '').replace(/\D/g, '').slice(-10),
    address: text(found.address) ?? '',
    address2: text(found.address_2) ?? '',
    city: text(found.city) ?? '',
    state: text(found.state) ?? '',
    country: text(found.country) ?? 'India',
    pinCode: text(found.pin_code) ?? '',
  };
}

/** Shiprocket's return order: picked up at the shopper's (pickup_*), delivered to the store (shipping_*). */
function returnOrder(parcel: ReverseParcel, store: PickupAddress) {
  const shopper = names(parcel.shopper.name);
  const to = names(store.name);
  return {
    order_id: parcel.key,
    order_date: indiaMinute(parcel.placedAt),
    pickup_customer_name: shopper.first,
    pickup_last_name: shopper.last,
    pickup_address: parcel.shopper.address,
    pickup_city: parcel.shopper.city,
    pickup_state: parcel.shopper.state,
    pickup_country: 'India',
    pickup_pincode: parcel.shopper.postalCode,
    pickup_email: parcel.shopper.email,
    pickup_phone: parcel.shopper.phone,
    shipping_customer_name: to.first,
    shipping_last_name: to.last,
    shipping_address: store.address,
    shipping_address_2: store.address2,
    shipping_city: store.city,
    shipping_state: store.state,
    shipping_country: store.country,
    shipping_pincode: store.pinCode,
    shipping_email: store.email,
    shipping_phone: store.phone,
    order_items: parcel.lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      units: line.units,
      selling_price: line.unitPrice,
      ...(line.hsn ? { hsn: line.hsn } : {}),
    })),
    payment_method: 'Prepaid',
    sub_total: parcel.total,
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: parcel.weightKg,
  };
}

/** An AWB assignment's answer read: the AWB and courier, or a 422 with Shiprocket's reason. */
function assigned(status: number, json: Record<string, unknown>) {
  const data = objectAt(objectAt(json.response).data);
  const awb = text(data.awb_code);
  if (status >= 400 || json.awb_assign_status !== 1 || !awb) {
    const reason = text(data.awb_assign_error) ?? shiprocketMessage(json);
    throw new CourierError(422, `Shiprocket could not assign a courier (AWB): ${reason}.`);
  }
  return { awb, courierName: text(data.courier_name) ?? 'Shiprocket' };
}

function shiprocketApi(client: ShiprocketClient, pickupLocation: string): CourierApi {
  return {
    async findOrder(orderId): Promise<BookedOrder | undefined> {
      const { status, json } = await client.call('GET', `/v1/external/orders?search=${encodeURIComponent(orderId)}`);
      if (status >= 400) throw refused('look the order up', json);
      const rows = Array.isArray(json.data) ? json.data.map(objectAt) : [];
      const found = rows.find((row) => text(row.channel_order_id) === orderId);
      if (!found) return undefined;
      const shipment = objectAt(Array.isArray(found.shipments) ? found.shipments[0] : undefined);
      const providerOrderId = text(found.id);
      const shipmentId = text(shipment.id);
      if (!providerOrderId || !shipmentId) return undefined;
      return { providerOrderId, shipmentId, awb: text(shipment.awb), courierName: text(shipment.courier) };
    },

    async createOrder(parcel) {
      const { status, json } = await client.call(
        'POST',
        '/v1/external/orders/create/adhoc',
        adhocOrder(parcel, pickupLocation),
      );
      const providerOrderId = text(json.order_id);
      const shipmentId = text(json.shipment_id);
      if (status >= 400 || !providerOrderId || !shipmentId) throw refused('create the order', json);
      return { providerOrderId, shipmentId, awb: text(json.awb_code), courierName: text(json.courier_name) };
    },

    async assignAwb(shipmentId) {
      const { status, json } = await client.call('POST', '/v1/external/courier/assign/awb', {
        shipment_id: Number(shipmentId),
      });
      return assigned(status, json);
    },

    async requestPickup(shipmentId) {
      const { status, json } = await client.call('POST', '/v1/external/courier/generate/pickup', {
        shipment_id: [Number(shipmentId)],
      });
      // A pickup already asked for (a retried request) is what we wanted.
      if (status >= 400 && /already/i.test(shiprocketMessage(json))) return;
      if (status >= 400 || json.pickup_status !== 1) throw refused('schedule the pickup', json);
    },

    async label(shipmentId) {
      const { status, json } = await client.call('POST', '/v1/external/courier/generate/label', {
        shipment_id: [Number(shipmentId)],
      });
      const url = text(json.label_url);
      if (status >= 400 || json.label_created !== 1 || !url) throw refused('make the label', json);
      const pdf = await client.download(url);
      if (!pdf.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        throw new CourierError(
          424,
          "Shiprocket's label is not a PDF. Try again: the booking resumes where it stopped.",
        );
      }
      return pdf;
    },

    async cancelOrder(providerOrderId) {
      const { status, json } = await client.call('POST', '/v1/external/orders/cancel', {
        ids: [Number(providerOrderId)],
      });
      if (status >= 400) throw refused('cancel the order', json);
      return text(json.message) ?? 'Order cancelled.';
    },

    async findReturn(key): Promise<BookedOrder | undefined> {
      const { status, json } = await client.call(
        'GET',
        `/v1/external/orders/processing/return?search=${encodeURIComponent(key)}`,
      );
      if (status >= 400) throw refused('look the return order up', json);
      const rows = Array.isArray(json.data) ? json.data.map(objectAt) : [];
      const found = rows.find((row) => text(row.channel_order_id) === key);
      if (!found) return undefined;
      const shipment = objectAt(Array.isArray(found.shipments) ? found.shipments[0] : undefined);
      const providerOrderId = text(found.id);
      const shipmentId = text(shipment.id) ?? text(found.shipment_id);
      if (!providerOrderId || !shipmentId) return undefined;
      return { providerOrderId, shipmentId, awb: text(shipment.awb), courierName: text(shipment.courier) };
    },

    async createReturn(parcel) {
      const store = await pickupAddress(client, pickupLocation);
      const { status, json } = await client.call(
        'POST',
        '/v1/external/orders/create/return',
        returnOrder(parcel, store),
      );
      const providerOrderId = text(json.order_id);
      const shipmentId = text(json.shipment_id);
      if (status >= 400 || !providerOrderId || !shipmentId) throw refused('create the return order', json);
      return { providerOrderId, shipmentId };
    },

    async assignReturnAwb(shipmentId) {
      // The same call as a forward shipment's, told it is a return (Shiprocket's is_return).
      const { status, json } = await client.call('POST', '/v1/external/courier/assign/awb', {
        shipment_id: Number(shipmentId),
        is_return: 1,
      });
      return assigned(status, json);
    },
  };
}

/** Shiprocket's shipment_status_id values that move an order; the rest are steps on the way. */
const DELIVERED = 7;
const RTO_DELIVERED = 10;

function meaningOf(statusCode: number | null, status: string): TrackingUpdate['meaning'] {
  const words = status.toUpperCase().replace(/[_-]/g, ' ').trim();
  if (statusCode === RTO_DELIVERED || words === 'RTO DELIVERED') return 'returned-to-origin';
  if (statusCode === DELIVERED || words === 'DELIVERED') return 'delivered';
  if (/TRANSIT|OUT FOR DELIVERY|SHIPPED|PICKED UP|DESTINATION HUB|REACHED/.test(words)) return 'on-its-way';
  return 'other';
}

/** Shiprocket's tracking webhook: the merchant's token in x-api-key, then its documented fields. */
function readWebhook(
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  settings: Record<string, string>,
): TrackingUpdate {
  const given = headers['x-api-key'];
  const expected = settings.webhookToken;
  if (!expected || typeof given !== 'string' || !sameText(expected, given)) {
    throw new HttpError(401, "The x-api-key header does not carry this store's Shiprocket webhook token.");
  }
  const json = objectAt(body);
  const awb = text(json.awb);
  if (!awb) throw new HttpError(400, 'awb: the webhook names no AWB.', {}, 'awb');
  const status = text(json.current_status) ?? text(json.shipment_status);
  if (!status) throw new HttpError(400, 'current_status: the webhook names no status.', {}, 'current_status');
  const code = Number(json.shipment_status_id ?? json.current_status_id);
  const statusCode = Number.isInteger(code) ? code : null;
  const scans = Array.isArray(json.scans) ? json.scans.map(objectAt) : [];
  const lastScan = scans.at(-1);
  const happenedAt =
    readShiprocketTime(text(json.current_timestamp)) ?? readShiprocketTime(text(lastScan?.date)) ?? undefined;
  if (!happenedAt) {
    throw new HttpError(400, 'current_timestamp: the webhook says not when it happened.', {}, 'current_timestamp');
  }
  return {
    awb,
    status,
    statusCode,
    meaning: meaningOf(statusCode, status),
    happenedAt,
    location: text(lastScan?.location) ?? null,
  };
}

export const shiprocketProvider: CourierProvider = {
  name: NAME,
  title: 'Shiprocket',
  settings: SETTINGS,
  api(settings, environment, tokens) {
    return shiprocketApi(new ShiprocketClient(settings, environment, tokens), settings.pickupLocation ?? '');
  },
  trackingUrl: (awb) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`,
  meaningOf,
  readWebhook,
};
