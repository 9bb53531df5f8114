import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Shiprocket of our own, as its API documents itself (Shiprocket has no sandbox): a real HTTP
 * server with its sign-in and 10-day tokens (401 on a bad or expired one), its answers' shapes and
 * its refusals (422 with `errors`, an AWB it cannot assign), a label PDF at the URL it gives, and
 * tracking webhooks it posts as Shiprocket does. Like Shiprocket it does NOT deduplicate order
 * creation: the same order posted twice is two orders, and a return order posted twice is two
 * return orders. Return orders (POST /v1/external/orders/create/return: picked up at the shopper's,
 * delivered to a pickup address the account lists) get their AWB with `is_return: 1`. It can fail a call once, or answer one late
 * after doing its work (the lost answer a retry must survive).
 */

export interface FakeOrder {
  id: number;
  channelOrderId: string;
  shipmentId: number;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
  /** Cancelled through POST /v1/external/orders/cancel. */
  cancelled: boolean;
  /** A return order (a reverse pickup), made through /v1/external/orders/create/return. */
  isReturn: boolean;
  body: Record<string, unknown>;
}

type Step =
  | 'login'
  | 'create'
  | 'awb'
  | 'pickup'
  | 'label'
  | 'search'
  | 'cancel'
  | 'pickup-addresses'
  | 'return-create'
  | 'return-search';
type Trouble =
  | { kind: 'late' }
  | { kind: 'status'; status: number; body: unknown }
  | { kind: 'awb-refused'; reason: string };

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

const RETURN_REQUIRED = [
  'order_id',
  'order_date',
  'pickup_customer_name',
  'pickup_address',
  'pickup_city',
  'pickup_state',
  'pickup_country',
  'pickup_pincode',
  'pickup_email',
  'pickup_phone',
  'shipping_customer_name',
  'shipping_address',
  'shipping_city',
  'shipping_country',
  'shipping_pincode',
  'shipping_state',
  'shipping_phone',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

/** A pickup address as the account lists it (Settings → Pickup Addresses). */
export const PICKUP_ADDRESS = {
  id: 4411,
  pickup_location: 'Primary',
  name: 'NetKart Warehouse',
  email: 'warehouse@netkart.in',
  phone: '8041234567',
  address: '14 Industrial Layout, Peenya',
  address_2: 'Phase 2',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pin_code: '560058',
  status: 2,
};

export class FakeShiprocket {
  readonly orders: FakeOrder[] = [];
  readonly calls: { step: Step | 'other'; path: string; authorized: boolean }[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly troubles = new Map<Step, Trouble>();
  private server: http.Server | undefined;
  private nextId = 500_000;
  url = '';
  /** How late a 'late' answer comes, in ms (longer than the shop's time limit). */
  lateMs = 1500;

  constructor(
    readonly account = { email: 'api@netkart.in', password: 'rocket-pass-1' },
    readonly pickupLocations = ['Primary'],
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next call of this step fails as told, once. */
  failOnce(step: Step, trouble: Trouble): void {
    this.troubles.set(step, trouble);
  }

  /** Every token ends, as they do after 10 days: the next call is a 401. */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, Date.now() - 1);
  }

  ordersFor(channelOrderId: string): FakeOrder[] {
    return this.orders.filter((order) => order.channelOrderId === channelOrderId);
  }

  returnOrders(): FakeOrder[] {
    return this.orders.filter((order) => order.isReturn);
  }

  count(step: Step): number {
    return this.calls.filter((call) => call.step === step).length;
  }

  /** A tracking event as Shiprocket's webhook posts it (its documented fields). */
  trackingEvent(
    awb: string,
    status: { label: string; id: number },
    at: string,
    location = 'Bengaluru_Hub (Karnataka)',
  ): Record<string, unknown> {
    const order = this.orders.find((each) => each.awb === awb);
    return {
      awb,
      courier_name: order?.courierName ?? 'Delhivery Surface',
      current_status: status.label,
      current_status_id: status.id,
      shipment_status: status.label,
      shipment_status_id: status.id,
      current_timestamp: at,
      order_id: order?.channelOrderId ?? 'unknown',
      sr_order_id: order?.id ?? 0,
      awb_assigned_date: '2026-11-27 10:00:00',
      pickup_scheduled_date: '2026-11-27 16:00:00',
      etd: '2026-11-30 18:00:00',
      scans: [
        {
          date: '2026-11-27 11:59:16',
          status: 'X-UCI',
          activity: 'Manifested - Manifest uploaded',
          location: 'Bengaluru_Warehouse (Karnataka)',
          'sr-status': '5',
          'sr-status-label': 'MANIFEST GENERATED',
        },
        {
          date: at.replace(/^(\d{2}) (\d{2}) (\d{4})/, '$3-$2-$1'),
          status: status.label,
          activity: status.label,
          location,
          'sr-status': String(status.id),
          'sr-status-label': status.label,
        },
      ],
      is_return: 0,
      channel_id: 3422553,
      pod_status: 'OTP Based Delivery',
      pod: 'Not Available',
    };
  }

  /** Posts a webhook to the shop as Shiprocket does: JSON, with the token the merchant set in x-api-key. */
  async postWebhook(url: string, event: Record<string, unknown>, apiKey?: string) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }) },
      body: JSON.stringify(event),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    const send = (status: number, body: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname.startsWith('/labels/')) {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(PDF);
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      send(400, { message: 'Malformed JSON', status_code: 400 });
      return;
    }
    const step = stepOf(request.method ?? '', url.pathname);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const authorized = bearer !== undefined && (this.tokens.get(bearer) ?? 0) > Date.now();
    this.calls.push({ step: step ?? 'other', path: url.pathname, authorized });
    if (!step) {
      send(404, { message: 'Not Found', status_code: 404 });
      return;
    }
    if (step === 'login') {
      if (body.email !== this.account.email || body.password !== this.account.password) {
        send(400, { message: 'Invalid email and password combination', status_code: 400 });
        return;
      }
      const token = randomBytes(24).toString('base64url');
      this.tokens.set(token, Date.now() + 10 * 24 * 3_600_000);
      send(200, { id: 1, first_name: 'API', last_name: 'User', email: body.email, company_id: 77, token });
      return;
    }
    if (!authorized) {
      send(401, { message: bearer ? 'Token has expired' : 'Unauthenticated.', status_code: 401 });
      return;
    }
    const trouble = this.troubles.get(step);
    if (trouble) this.troubles.delete(step);
    if (trouble?.kind === 'status') {
      send(trouble.status, trouble.body);
      return;
    }
    const answer = this.answer(step, body, url, trouble);
    // A late answer: the work is done (the order exists), but the caller has given up waiting.
    if (trouble?.kind === 'late') await new Promise((resolve) => setTimeout(resolve, this.lateMs));
    send(answer.status, answer.body);
  }

  private answer(step: Step, body: Record<string, unknown>, url: URL, trouble: Trouble | undefined) {
    switch (step) {
      case 'search': {
        const search = url.searchParams.get('search') ?? '';
        const found = this.orders.filter((order) => !order.isReturn && order.channelOrderId.includes(search));
        return {
          status: 200,
          body: {
            data: found.map((order) => ({
              id: order.id,
              channel_order_id: order.channelOrderId,
              status: order.awb ? 'READY TO SHIP' : 'NEW',
              shipments: [{ id: order.shipmentId, awb: order.awb ?? '', courier: order.courierName ?? '' }],
            })),
            meta: { pagination: { total: found.length, count: found.length, per_page: 15, current_page: 1 } },
          },
        };
      }
      case 'create': {
        const errors: Record<string, string[]> = {};
        for (const field of REQUIRED) {
          if (body[field] === undefined || body[field] === '')
            errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
        }
        if (typeof body.billing_phone === 'string' && !/^\d{10}$/.test(body.billing_phone)) {
          errors.billing_phone = ['The billing phone must be 10 digits.'];
        }
        if (typeof body.pickup_location === 'string' && !this.pickupLocations.includes(body.pickup_location)) {
          errors.pickup_location = [`Wrong Pickup location entered. Please choose one location from data given`];
        }
        if (!['COD', 'Prepaid'].includes(String(body.payment_method))) {
          errors.payment_method = ['The selected payment method is invalid.'];
        }
        if (Object.keys(errors).length > 0) {
          return { status: 422, body: { message: 'Oops! Invalid Data.', errors, status_code: 422 } };
        }
        this.nextId += 1;
        const order: FakeOrder = {
          id: this.nextId,
          channelOrderId: String(body.order_id),
          shipmentId: this.nextId + 1_000_000,
          awb: null,
          courierName: null,
          pickupRequested: false,
          cancelled: false,
          isReturn: false,
          body,
        };
        this.orders.push(order);
        return {
          status: 200,
          body: {
            order_id: order.id,
            shipment_id: order.shipmentId,
            status: 'NEW',
            status_code: 1,
            onboarding_completed_now: 0,
            awb_code: '',
            courier_company_id: '',
            courier_name: '',
          },
        };
      }
      case 'awb': {
        const order = this.orders.find((each) => each.shipmentId === Number(body.shipment_id));
        if (!order) return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
        // A return shipment's AWB is asked with is_return: 1; without it Shiprocket treats the id as forward.
        if (order.isReturn !== (Number(body.is_return ?? 0) === 1)) {
          return { status: 400, body: { message: 'Invalid shipment id', status_code: 400 } };
        }
        if (trouble?.kind === 'awb-refused') {
          return {
            status: 200,
            body: { awb_assign_status: 0, response: { data: { awb_assign_error: trouble.reason } } },
          };
        }
        if (order.awb) return { status: 400, body: { message: 'Oops! Cannot reassign courier.', status_code: 400 } };
        order.awb = `1904${String(order.shipmentId).padStart(10, '0')}`;
        order.courierName = 'Delhivery Surface';
        return {
          status: 200,
          body: {
            awb_assign_status: 1,
            response: {
              data: {
                courier_company_id: 12,
                awb_code: order.awb,
                cod: 0,
                order_id: order.id,
                shipment_id: order.shipmentId,
                awb_code_status: 1,
                assigned_date_time: { date: '2026-11-27 10:00:00.000000', timezone_type: 3, timezone: 'Asia/Kolkata' },
                applied_weight: 0.5,
                courier_name: order.courierName,
              },
            },
          },
        };
      }
      case 'pickup': {
        const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
        const order = this.orders.find((each) => ids.includes(each.shipmentId));
        if (!order?.awb) return { status: 400, body: { message: 'AWB not assigned', status_code: 400 } };
        if (order.pickupRequested)
          return { status: 400, body: { message: 'Already in Pickup Queue.', status_code: 400 } };
        order.pickupRequested = true;
        return {
          status: 200,
          body: {
            pickup_status: 1,
            response: {
              pickup_scheduled_date: '2026-11-28 12:00:00',
              pickup_token_number: `Reference No: ${order.id}`,
              status: 3,
              pickup_generated_date: { date: '2026-11-27 10:05:00.000000', timezone_type: 3, timezone: 'Asia/Kolkata' },
              data: 'Pickup is scheduled for 2026-11-28',
            },
          },
        };
      }
      case 'label': {
        const ids = Array.isArray(body.shipment_id) ? body.shipment_id.map(Number) : [];
        const order = this.orders.find((each) => ids.includes(each.shipmentId));
        if (!order?.awb) return { status: 400, body: { message: 'AWB not assigned', status_code: 400 } };
        return {
          status: 200,
          body: {
            label_created: 1,
            label_url: `${this.url}/labels/${order.shipmentId}.pdf`,
            response: 'Label has been created and uploaded successfully!',
            not_created: [],
          },
        };
      }
      case 'cancel': {
        // Shiprocket's cancel takes its own order ids; an id it does not hold is refused, and one
        // already cancelled is cancelled again (the same answer).
        const ids = Array.isArray(body.ids) ? body.ids.map(Number) : [];
        const found = this.orders.filter((each) => ids.includes(each.id));
        if (ids.length === 0 || found.length !== ids.length) {
          return {
            status: 422,
            body: {
              message: 'Oops! Invalid Data.',
              errors: { ids: ['The selected ids is invalid.'] },
              status_code: 422,
            },
          };
        }
        for (const order of found) order.cancelled = true;
        return { status: 200, body: { status: 200, message: 'Order cancelled successfully.' } };
      }
      case 'pickup-addresses':
        return {
          status: 200,
          body: {
            data: {
              shipping_address: this.pickupLocations.map((name, index) => ({
                ...PICKUP_ADDRESS,
                id: PICKUP_ADDRESS.id + index,
                pickup_location: name,
              })),
              allow_more: '1',
              is_blackbox_seller: false,
              company_name: 'NetKart',
              recent_addresses: [],
            },
          },
        };
      case 'return-create': {
        const errors: Record<string, string[]> = {};
        for (const field of RETURN_REQUIRED) {
          if (body[field] === undefined || body[field] === '')
            errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
        }
        for (const field of ['pickup_phone', 'shipping_phone']) {
          if (typeof body[field] === 'string' && !/^\d{10}$/.test(body[field] as string)) {
            errors[field] = [`The ${field.replace(/_/g, ' ')} must be 10 digits.`];
          }
        }
        if (Object.keys(errors).length > 0) {
          return { status: 422, body: { message: 'Oops! Invalid Data.', errors, status_code: 422 } };
        }
        this.nextId += 1;
        const order: FakeOrder = {
          id: this.nextId,
          channelOrderId: String(body.order_id),
          shipmentId: this.nextId + 1_000_000,
          awb: null,
          courierName: null,
          pickupRequested: false,
          cancelled: false,
          isReturn: true,
          body,
        };
        this.orders.push(order);
        return {
          status: 200,
          body: { order_id: order.id, shipment_id: order.shipmentId, status: 'RETURN PENDING', status_code: 21 },
        };
      }
      case 'return-search': {
        const search = url.searchParams.get('search') ?? '';
        const found = this.returnOrders().filter((order) => order.channelOrderId.includes(search));
        return {
          status: 200,
          body: {
            data: found.map((order) => ({
              id: order.id,
              channel_order_id: order.channelOrderId,
              status: order.awb ? 'RETURN PICKUP SCHEDULED' : 'RETURN PENDING',
              shipments: [{ id: order.shipmentId, awb: order.awb ?? '', courier: order.courierName ?? '' }],
            })),
            meta: { pagination: { total: found.length, count: found.length, per_page: 15, current_page: 1 } },
          },
        };
      }
      default:
        return { status: 404, body: { message: 'Not Found', status_code: 404 } };
    }
  }
}

function stepOf(method: string, path: string): Step | undefined {
  if (method === 'POST' && path === '/v1/external/auth/login') return 'login';
  if (method === 'POST' && path === '/v1/external/orders/create/adhoc') return 'create';
  if (method === 'GET' && path === '/v1/external/orders') return 'search';
  if (method === 'POST' && path === '/v1/external/courier/assign/awb') return 'awb';
  if (method === 'POST' && path === '/v1/external/courier/generate/pickup') return 'pickup';
  if (method === 'POST' && path === '/v1/external/courier/generate/label') return 'label';
  if (method === 'POST' && path === '/v1/external/orders/cancel') return 'cancel';
  if (method === 'GET' && path === '/v1/external/settings/company/pickup') return 'pickup-addresses';
  if (method === 'POST' && path === '/v1/external/orders/create/return') return 'return-create';
  if (method === 'GET' && path === '/v1/external/orders/processing/return') return 'return-search';
  return undefined;
}
