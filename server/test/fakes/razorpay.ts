import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Razorpay on this machine, answering as its API documents: the Orders API, refunds
 * (idempotent by X-Refund-Idempotency; each kept, and their answers lost on request), Basic auth refused with a 401, bad requests with its
 * BAD_REQUEST_ERROR body; a checkout.js that "pays" an order and hands Checkout's signed answer to
 * the page's handler; and webhooks signed with the webhook secret, kept so they can be replayed.
 */

export interface FakeRazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  method: string;
  amount_refunded: number;
  captured: boolean;
  notes: Record<string, string>;
  error_description: string | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  speed_requested: string;
  created_at: number;
}

/** One signed webhook as Razorpay sends it: its exact body and headers. */
export interface WebhookDelivery {
  event: string;
  body: string;
  headers: Record<string, string>;
}

/** Razorpay's error body. */
const error = (description: string, code = 'BAD_REQUEST_ERROR', field?: string) => ({
  error: {
    code,
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** Razorpay's ids: a prefix and 14 letters and digits. */
const idOf = (prefix: string) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `${prefix}_${Array.from(randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('')}`;
};
const now = () => Math.floor(Date.now() / 1000);

export const signCheckout = (keySecret: string, orderId: string, paymentId: string) =>
  createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
export const signWebhook = (webhookSecret: string, body: string) =>
  createHmac('sha256', webhookSecret).update(body).digest('hex');

/** The checkout.js the fake serves: a window with the amount and a Pay button, paid by asking the fake. */
const CHECKOUT_JS = `(function(){
var origin=document.currentScript?new URL(document.currentScript.src).origin:'';
window.Razorpay=function(options){this.options=options;};
window.Razorpay.prototype.open=function(){
var options=this.options;var old=document.getElementById('fake-razorpay');if(old)old.remove();
var box=document.createElement('div');box.id='fake-razorpay';box.setAttribute('role','dialog');box.setAttribute('aria-label','Razorpay Checkout');
var title=document.createElement('p');title.textContent='Razorpay test checkout: '+options.name+' \\u20b9'+(options.amount/100).toFixed(2);
var pay=document.createElement('button');pay.type='button';pay.textContent='Pay with Razorpay';
var close=document.createElement('button');close.type='button';close.textContent='Close checkout';
box.append(title,pay,close);document.body.append(box);
close.onclick=function(){box.remove();if(options.modal&&options.modal.ondismiss)options.modal.ondismiss();};
pay.onclick=function(){pay.disabled=true;
fetch(origin+'/_fake/checkout/pay',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({key:options.key,order_id:options.order_id,notes:options.notes||{}})})
.then(function(r){return r.json();}).then(function(answer){box.remove();options.handler(answer);});};
};})();`;

export class FakeRazorpay {
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Every webhook sent, in order, so a test can send one again or out of order. */
  readonly sent: WebhookDelivery[] = [];
  /** Every API call, as "METHOD /path". */
  readonly calls: string[] = [];
  /** The next answers to fail with this status, whatever is asked (an outage). */
  failNext: { status: number; times: number } | undefined;
  /** The next refunds are made, but their answers lost on the way back (a gateway timeout after the work). */
  loseNextRefundAnswers = 0;
  /** Every refund request's idempotency key, in order (a retry sends the same one). */
  readonly refundKeys: string[] = [];
  private readonly idempotent = new Map<string, { body: string; refund: FakeRefund }>();
  private server: Server | undefined;
  url = '';

  constructor(readonly keys: FakeRazorpayKeys) {}

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      this.answer(request, response).catch((caught: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify(error(String(caught), 'SERVER_ERROR')));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get checkoutUrl(): string {
    return `${this.url}/v1/checkout.js`;
  }

  /** A captured payment of an order, as if the shopper paid in Checkout (and perhaps closed the tab). */
  pay(orderId: string, options: { amount?: number; notes?: Record<string, string> } = {}): FakePayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const payment: FakePayment = {
      id: idOf('pay'),
      entity: 'payment',
      amount: options.amount ?? order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: order.id,
      method: 'upi',
      amount_refunded: 0,
      captured: true,
      notes: options.notes ?? order.notes,
      error_description: null,
      created_at: now(),
    };
    this.payments.set(payment.id, payment);
    order.status = 'paid';
    order.amount_paid = payment.amount;
    order.amount_due = 0;
    order.attempts += 1;
    return payment;
  }

  /** Checkout's answer to the page's handler, signed with the key secret. */
  checkoutAnswer(payment: FakePayment) {
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      razorpay_signature: signCheckout(this.keys.keySecret, payment.order_id, payment.id),
    };
  }

  /** A webhook as Razorpay signs it (the signature over the exact body, an event id per event). */
  webhook(event: string, payload: Record<string, unknown>, secret = this.keys.webhookSecret): WebhookDelivery {
    const contains = Object.keys(payload);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_FakeAccount001',
      event,
      contains,
      payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
      created_at: now(),
    });
    const delivery: WebhookDelivery = {
      event,
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signWebhook(secret, body),
        'x-razorpay-event-id': idOf('evt'),
      },
    };
    this.sent.push(delivery);
    return delivery;
  }

  paymentCaptured(payment: FakePayment) {
    return this.webhook('payment.captured', { payment });
  }

  orderPaid(payment: FakePayment) {
    return this.webhook('order.paid', { payment, order: this.orders.get(payment.order_id) });
  }

  /** Razorpay settles a refund it started: the refund is processed, and says so by webhook. */
  refundProcessed(refund: FakeRefund) {
    refund.status = 'processed';
    return this.webhook('refund.processed', { refund, payment: this.payments.get(refund.payment_id) });
  }

  /** The bank turned a refund back: Razorpay marks it failed and says so by webhook. */
  refundFailed(refund: FakeRefund) {
    refund.status = 'failed';
    const payment = this.payments.get(refund.payment_id);
    if (payment) payment.amount_refunded -= refund.amount;
    return this.webhook('refund.failed', { refund, payment });
  }

  /** The refunds made of one payment. */
  refundsOf(paymentId: string): FakeRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  }

  private authorised(request: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.keys.keyId}:${this.keys.keySecret}`).toString('base64')}`;
    return request.headers.authorization === expected;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'GET' && url.pathname === '/v1/checkout.js') {
      response.writeHead(200, { 'content-type': 'application/javascript', 'access-control-allow-origin': '*' });
      response.end(CHECKOUT_JS);
      return;
    }
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (url.pathname === '/_fake/checkout/pay') {
      if (request.method === 'OPTIONS') return send(204, {}, cors);
      const asked = JSON.parse(body || '{}') as { key?: string; order_id?: string; notes?: Record<string, string> };
      if (asked.key !== this.keys.keyId) return send(401, error('The api key provided is invalid'), cors);
      if (!asked.order_id || !this.orders.has(asked.order_id))
        return send(400, error('The id provided does not exist'), cors);
      return send(200, this.checkoutAnswer(this.pay(asked.order_id, asked.notes ? { notes: asked.notes } : {})), cors);
    }

    this.calls.push(`${request.method} ${url.pathname}`);
    if (this.failNext && this.failNext.times > 0) {
      this.failNext.times -= 1;
      return send(
        this.failNext.status,
        error('Something went wrong, please try again after sometime.', 'SERVER_ERROR'),
      );
    }
    if (!this.authorised(request)) return send(401, error('Authentication failed'));
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      return send(400, error('The request body is not valid JSON'));
    }

    if (request.method === 'POST' && url.pathname === '/v1/orders') return send(...this.createOrder(parsed));
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
    if (request.method === 'POST' && refund?.[1]) {
      const key = request.headers['x-refund-idempotency'];
      if (typeof key === 'string') this.refundKeys.push(key);
      const answer = this.createRefund(decodeURIComponent(refund[1]), parsed, body, key);
      if (answer[0] === 200 && this.loseNextRefundAnswers > 0) {
        this.loseNextRefundAnswers -= 1;
        return send(504, error('Gateway timeout', 'SERVER_ERROR'));
      }
      return send(...answer);
    }
    const order = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && order?.[1]) {
      const found = this.orders.get(order[1]);
      return found ? send(200, found) : send(400, error('The id provided does not exist'));
    }
    return send(404, error('The requested URL was not found on the server.', 'NOT_FOUND'));
  }

  private createOrder(asked: Record<string, unknown>): [number, unknown] {
    const { amount, currency, receipt, notes } = asked;
    if (typeof amount !== 'number' || !Number.isInteger(amount))
      return [400, error('The amount must be an integer.', 'BAD_REQUEST_ERROR', 'amount')];
    if (amount < 100) return [400, error('The amount must be atleast INR 1.00', 'BAD_REQUEST_ERROR', 'amount')];
    if (currency !== 'INR') return [400, error('The currency provided is invalid.', 'BAD_REQUEST_ERROR', 'currency')];
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      return [400, error('The receipt may not be greater than 40 characters.', 'BAD_REQUEST_ERROR', 'receipt')];
    }
    const order: FakeOrder = {
      id: idOf('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      status: 'created',
      attempts: 0,
      notes: (notes as Record<string, string> | undefined) ?? {},
      created_at: now(),
    };
    this.orders.set(order.id, order);
    return [200, order];
  }

  private createRefund(
    paymentId: string,
    asked: Record<string, unknown>,
    body: string,
    key: string | string[] | undefined,
  ): [number, unknown] {
    const idempotencyKey = Array.isArray(key) ? key[0] : key;
    if (idempotencyKey !== undefined) {
      if (!/^[A-Za-z0-9_-]{10,}$/.test(idempotencyKey)) return [400, error('The idempotency key is invalid.')];
      const seen = this.idempotent.get(idempotencyKey);
      if (seen && seen.body !== body)
        return [400, error('Different request with the same idempotency key has already been processed.')];
      if (seen) return [200, seen.refund];
    }
    const payment = this.payments.get(paymentId);
    if (!payment) return [400, error('The id provided does not exist')];
    if (payment.status !== 'captured') return [400, error('The payment has not been captured yet.')];
    const amount = asked.amount === undefined ? payment.amount - payment.amount_refunded : asked.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return [400, error('The amount must be atleast INR 1.00', 'BAD_REQUEST_ERROR', 'amount')];
    }
    if (amount > payment.amount - payment.amount_refunded) {
      return [400, error('The refund amount provided is greater than amount captured', 'BAD_REQUEST_ERROR', 'amount')];
    }
    payment.amount_refunded += amount;
    const refund: FakeRefund = {
      id: idOf('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      notes: (asked.notes as Record<string, string> | undefined) ?? {},
      status: 'pending',
      speed_requested: typeof asked.speed === 'string' ? asked.speed : 'normal',
      created_at: now(),
    };
    this.refunds.set(refund.id, refund);
    if (idempotencyKey !== undefined) this.idempotent.set(idempotencyKey, { body, refund });
    return [200, refund];
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
