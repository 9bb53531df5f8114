import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COD_NOT_CONFIRMED_REASON,
  CodRules,
  codFee,
  codRefusal,
  DEMO_COD_RULES,
  Order,
  OrderStatus,
  PaymentMethodsResponse,
  type Product,
  RETURNED_TO_ORIGIN_REASON,
} from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let product: Product;
/** What one of a product costs a shopper now, in rupees. */
const priceOf = (each: Product) => each.discountedPrice ?? each.regularPrice;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  const products = await orderableProducts(shop.app, 1);
  const affordable = products.filter((each) => priceOf(each) <= 5000).sort((a, b) => priceOf(a) - priceOf(b))[0];
  if (!affordable) throw new Error('no product under ₹5,000 in stock');
  product = affordable;
  // Enough on the shelf for every order below (one order may take at most half of it).
  await shop.db.updateTable('products').set({ stock: 500 }).where('id', '=', product.id).execute();
});
afterAll(() => shop.close());

/** Puts the demo's rules back before each test, so each changes only what it tests. */
beforeEach(async () => {
  await shop.services.cod.setRules(shop.storeId, DEMO_COD_RULES);
});

const setRules = (rules: CodRules) => shop.services.cod.setRules(shop.storeId, rules);

async function placeCod(token: string, options: { quantity?: number; address?: typeof validAddress } = {}) {
  return http.post(
    '/orders',
    {
      products: { [product.id]: options.quantity ?? 1 },
      shippingAddress: options.address ?? validAddress,
      paymentMethod: 'cod',
    },
    token,
  );
}

/** The 6-digit code in the newest text message to the order's phone, read from the outbox as it was written. */
async function codeFromOutbox(orderId: string): Promise<string> {
  const rows = await shop.services.outbox.list(shop.storeId, { limit: 500 });
  const text = rows.find((row) => row.kind === 'sms.cod-code' && row.text.includes(orderId));
  const code = text?.text.match(/^(\d{6}) is your code/)?.[1];
  if (!code) throw new Error(`no code sent for ${orderId}`);
  return code;
}

const stockOf = async (id: string) =>
  Number((await shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock);

describe('codFee and the rules at their edges (pure)', () => {
  it('a flat fee in paise, a percentage rounded to the paisa, nothing when COD is off', () => {
    expect(codFee(DEMO_COD_RULES, 1_000_000)).toBe(4000);
    expect(codFee({ enabled: true, fee: { percent: 2 } }, 123_456)).toBe(2469);
    expect(codFee({ enabled: true }, 123_456)).toBe(0);
    expect(codFee({ enabled: false, fee: { flat: 40 } }, 123_456)).toBe(0);
  });

  it('₹10,000 exactly is allowed, ₹10,000.01 is refused with the limit named', () => {
    const at = { pincode: '560038', state: 'Karnataka' };
    expect(codRefusal(DEMO_COD_RULES, { ...at, itemsTotal: 1_000_000 })).toBeUndefined();
    expect(codRefusal(DEMO_COD_RULES, { ...at, itemsTotal: 1_000_001 })).toBe(
      'Cash on delivery is available for orders up to ₹10,000.',
    );
  });

  it('a minimum: ₹500 exactly allowed, ₹499.99 refused', () => {
    const rules: CodRules = { enabled: true, minOrder: 500 };
    const at = { pincode: '560038', state: 'Karnataka' };
    expect(codRefusal(rules, { ...at, itemsTotal: 50_000 })).toBeUndefined();
    expect(codRefusal(rules, { ...at, itemsTotal: 49_999 })).toBe(
      'Cash on delivery is available for orders of ₹500 or more.',
    );
  });

  it('PINs, PIN prefixes and states', () => {
    const rules: CodRules = { enabled: true, pincodes: ['5600', '400001'] };
    expect(codRefusal(rules, { pincode: '560038', state: 'Karnataka', itemsTotal: 100 })).toBeUndefined();
    expect(codRefusal(rules, { pincode: '400001', state: 'Maharashtra', itemsTotal: 100 })).toBeUndefined();
    expect(codRefusal(rules, { pincode: '400002', state: 'Maharashtra', itemsTotal: 100 })).toBe(
      'Cash on delivery is not available for PIN code 400002.',
    );
    const byState = CodRules.parse({ enabled: true, states: ['karnataka'] });
    expect(codRefusal(byState, { pincode: '560038', state: 'Karnataka', itemsTotal: 100 })).toBeUndefined();
    expect(codRefusal(byState, { pincode: '400001', state: 'Maharashtra', itemsTotal: 100 })).toBeDefined();
  });
});

describe('placing a COD order', () => {
  it('the store says what it offers: COD with its fee and limit', async () => {
    const methods = PaymentMethodsResponse.parse((await http.get('/payments/methods')).json());
    expect(methods.cod).toEqual({ enabled: true, fee: { flat: 40 }, maxOrder: 10_000, everywhere: true });
  });

  it('an order up to the maximum exactly is placed, awaiting confirmation; a paisa over is refused naming paymentMethod', async () => {
    const shopper = await signUp(shop.app);
    await setRules({ enabled: true, maxOrder: priceOf(product) - 0.01 });
    const over = await placeCod(shopper.token);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'paymentMethod' });
    expect(over.json().error).toMatch(/^Cash on delivery is available for orders up to ₹/);

    await setRules({ enabled: true, maxOrder: priceOf(product) });
    const placed = await placeCod(shopper.token);
    expect(placed.statusCode).toBe(201);
    const order = Order.parse(placed.json());
    expect(order.status).toBe(OrderStatus.Pending);
    expect(order.cod).toEqual({ awaitingConfirmation: true, phone: '+91 98…45' });
  });

  it('the COD fee is a charge line of the order, in its total; an order paid online has none', async () => {
    const shopper = await signUp(shop.app);
    const cod = Order.parse((await placeCod(shopper.token)).json());
    expect(cod.charges).toContainEqual({ kind: 'cod-fee', label: 'Cash on delivery fee', amount: 40 });
    const charged = cod.charges.reduce((sum, charge) => sum + charge.amount, 0);
    expect(cod.total).toBeCloseTo(priceOf(product) + charged, 2);

    const online = Order.parse(
      (
        await http.post('/orders', { products: { [product.id]: 1 }, shippingAddress: validAddress }, shopper.token)
      ).json(),
    );
    expect(online.charges.map((charge) => charge.kind)).not.toContain('cod-fee');
    // The same goods, the same address: the one difference is the fee.
    expect(cod.total - online.total).toBeCloseTo(40, 2);
  });

  it("placing reads the store's rules once for its check and its fee; the next order reads them afresh", async () => {
    const shopper = await signUp(shop.app);
    const reads = vi.spyOn(shop.services.cod, 'rulesOf');
    try {
      const first = Order.parse((await placeCod(shopper.token)).json());
      expect(first.charges).toContainEqual({ kind: 'cod-fee', label: 'Cash on delivery fee', amount: 40 });
      expect(reads).toHaveBeenCalledTimes(1);
      await setRules({ ...DEMO_COD_RULES, fee: { flat: 55 } });
      reads.mockClear();
      const second = Order.parse((await placeCod(shopper.token)).json());
      expect(second.charges).toContainEqual({ kind: 'cod-fee', label: 'Cash on delivery fee', amount: 55 });
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('a minimum above the order refuses it; COD off refuses it; online orders are untouched', async () => {
    const shopper = await signUp(shop.app);
    await setRules({ enabled: true, minOrder: priceOf(product) + 0.01 });
    expect((await placeCod(shopper.token)).json().error).toMatch(/or more\.$/);
    await setRules({ enabled: false });
    const off = await placeCod(shopper.token);
    expect(off.statusCode).toBe(400);
    expect(off.json()).toEqual({ error: 'Cash on delivery is not available at this shop.', field: 'paymentMethod' });
    const online = await http.post(
      '/orders',
      { products: { [product.id]: 1 }, shippingAddress: validAddress },
      shopper.token,
    );
    expect(online.statusCode).toBe(201);
    expect(Order.parse(online.json()).cod).toBeUndefined();
  });

  it('PIN prefixes and states decide, and GET /pincodes/{pin} says cod accordingly', async () => {
    const shopper = await signUp(shop.app);
    await setRules({ enabled: true, pincodes: ['4000'] });
    expect((await http.get('/pincodes/400001')).json().cod).toBe(true);
    expect((await http.get('/pincodes/560038')).json().cod).toBe(false);
    const refused = await placeCod(shopper.token);
    expect(refused.json()).toEqual({
      error: 'Cash on delivery is not available for PIN code 560038.',
      field: 'paymentMethod',
    });
    await setRules({ enabled: true, states: ['Karnataka'] });
    expect((await http.get('/pincodes/560038')).json().cod).toBe(true);
    expect((await http.get('/pincodes/400001')).json().cod).toBe(false);
    expect((await placeCod(shopper.token)).statusCode).toBe(201);
  });

  it('at most N unconfirmed COD orders per shopper', async () => {
    const shopper = await signUp(shop.app);
    await setRules({ enabled: true, maxUnconfirmedPerShopper: 2 });
    expect((await placeCod(shopper.token)).statusCode).toBe(201);
    expect((await placeCod(shopper.token)).statusCode).toBe(201);
    const third = await placeCod(shopper.token);
    expect(third.statusCode).toBe(400);
    expect(third.json()).toMatchObject({ field: 'paymentMethod' });
    expect(third.json().error).toMatch(/^You already have 2 cash-on-delivery orders waiting for confirmation/);
  });

  it('a COD order cannot be paid online', async () => {
    const shopper = await signUp(shop.app);
    const order = Order.parse((await placeCod(shopper.token)).json());
    const pay = await http.post('/payments', { orderId: order.id, fields: {} }, shopper.token);
    expect(pay.statusCode).toBe(409);
  });
});

describe('the confirmation code', () => {
  it('the code from the outbox file confirms the order: Processing, ready to ship', async () => {
    const shopper = await signUp(shop.app);
    const order = Order.parse((await placeCod(shopper.token)).json());
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-outbox-'));
    try {
      await new MailSender(shop.services.outbox, shop.services.stores, { outboxDir }).runOnce();
      const texts = fs.readdirSync(outboxDir).filter((name) => name.endsWith('.sms.txt'));
      const mine = texts
        .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8'))
        .find((t) => t.includes(order.id));
      expect(mine).toMatch(/^To: \+919845012345\n/);
      const code = mine?.match(/(\d{6}) is your code/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const confirmed = await http.post(`/orders/${order.id}/confirm-cod`, { code }, shopper.token);
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ confirmed: true });
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
    const read = Order.parse((await http.get(`/orders/${order.id}`, shopper.token)).json());
    expect(read.status).toBe(OrderStatus.Processing);
    expect(read.cod?.awaitingConfirmation).toBe(false);
    const stored = await shop.db
      .selectFrom('cod_orders')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a wrong code does not confirm; the tries run out; a stranger gets 404', async () => {
    const shopper = await signUp(shop.app);
    const order = Order.parse((await placeCod(shopper.token)).json());
    const code = await codeFromOutbox(order.id);
    const wrong = code === '000000' ? '111111' : '000000';
    const stranger = await signUp(shop.app);
    expect((await http.post(`/orders/${order.id}/confirm-cod`, { code }, stranger.token)).statusCode).toBe(404);
    const first = await http.post(`/orders/${order.id}/confirm-cod`, { code: wrong }, shopper.token);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ error: 'That code is not right. 4 tries left.', field: 'code' });
    for (let i = 0; i < 4; i += 1) await http.post(`/orders/${order.id}/confirm-cod`, { code: wrong }, shopper.token);
    const out = await http.post(`/orders/${order.id}/confirm-cod`, { code }, shopper.token);
    expect(out.statusCode).toBe(429);
    expect(out.json().error).toBe('Too many wrong codes. Please ask for a new code.');
    const bad = await http.post(`/orders/${order.id}/confirm-cod`, { code: '12ab' }, shopper.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'code' });
    expect(Order.parse((await http.get(`/orders/${order.id}`, shopper.token)).json()).status).toBe(OrderStatus.Pending);
  });

  it('an expired code is refused; a resend waits for its cool-down, then a new code works and the old does not', async () => {
    const shopper = await signUp(shop.app);
    const order = Order.parse((await placeCod(shopper.token)).json());
    const old = await codeFromOutbox(order.id);
    const soon = await http.post(`/orders/${order.id}/resend-cod-code`, {}, shopper.token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    const past = new Date(Date.now() - 31 * 60_000).toISOString();
    await shop.db
      .updateTable('cod_orders')
      .set({ expires_at: past, sent_at: past })
      .where('order_id', '=', order.id)
      .execute();
    const expired = await http.post(`/orders/${order.id}/confirm-cod`, { code: old }, shopper.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'This code has expired. Please ask for a new code.', field: 'code' });

    await shop.db.deleteFrom('outbox').where('kind', '=', 'sms.cod-code').execute();
    const resent = await http.post(`/orders/${order.id}/resend-cod-code`, {}, shopper.token);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ confirmed: false, triesLeft: 5 });
    const fresh = await codeFromOutbox(order.id);
    if (fresh !== old) {
      expect((await http.post(`/orders/${order.id}/confirm-cod`, { code: old }, shopper.token)).statusCode).toBe(400);
    }
    expect((await http.post(`/orders/${order.id}/confirm-cod`, { code: fresh }, shopper.token)).statusCode).toBe(200);
  });

  it('an unconfirmed COD order is cancelled after COD_CONFIRM_HOURS and its stock returned', async () => {
    const shopper = await signUp(shop.app);
    // The orders of the tests above expire first, so that only this one's stock is counted.
    await shop.services.orders.expireUnpaid(Date.now() + 48 * 3_600_000);
    const before = await stockOf(product.id);
    const order = Order.parse((await placeCod(shopper.token, { quantity: 2 })).json());
    expect(await stockOf(product.id)).toBe(before - 2);
    expect(await shop.services.orders.expireUnpaid(Date.now() + 23 * 3_600_000)).not.toContain(order.id);
    expect(await shop.services.orders.expireUnpaid(Date.now() + 24 * 3_600_000 + 60_000)).toContain(order.id);
    const read = Order.parse((await http.get(`/orders/${order.id}`, shopper.token)).json());
    expect(read.status).toBe(OrderStatus.Cancelled);
    expect(read.cancelReason).toBe(COD_NOT_CONFIRMED_REASON);
    expect(await stockOf(product.id)).toBe(before);
    const late = await http.post(
      `/orders/${order.id}/confirm-cod`,
      { code: await codeFromOutbox(order.id) },
      shopper.token,
    );
    expect(late.statusCode).toBe(409);
  });
});

describe('the merchant: cash collected and returned to origin', () => {
  let admin: ReturnType<typeof adminClient>;
  beforeAll(async () => {
    const { email, password } = await addStaff(shop, { role: 'orders' });
    admin = adminClient(shop.app);
    await admin.signIn(email, password);
  });

  async function confirmedOrder() {
    const shopper = await signUp(shop.app);
    const order = Order.parse((await placeCod(shopper.token)).json());
    await http.post(`/orders/${order.id}/confirm-cod`, { code: await codeFromOutbox(order.id) }, shopper.token);
    const detail = (await admin.get(`/admin/orders/${order.id}`)).json();
    const shipped = await admin.post(`/admin/orders/${order.id}/ship`, {
      updatedAt: detail.updatedAt,
      shipment: { courier: 'Delhivery', trackingNumber: 'DL123456789' },
    });
    expect(shipped.statusCode).toBe(200);
    return { order, updatedAt: shipped.json().updatedAt as string };
  }

  it('records the cash and the remittance reference once: the order is Delivered, audited', async () => {
    const { order, updatedAt } = await confirmedOrder();
    const badRef = await admin.post(`/admin/orders/${order.id}/cod-cash`, {
      updatedAt,
      amount: order.total,
      reference: '!',
    });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json()).toMatchObject({ field: 'reference' });
    const cash = await admin.post(`/admin/orders/${order.id}/cod-cash`, {
      updatedAt,
      amount: order.total,
      reference: 'DLV-REM-2027-0042',
    });
    expect(cash.statusCode).toBe(200);
    expect(cash.json().status).toBe(OrderStatus.Delivered);
    const row = await shop.db
      .selectFrom('cod_orders')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.cash_collected)).toBe(Math.round(order.total * 100));
    expect(row.remittance_reference).toBe('DLV-REM-2027-0042');
    const again = await admin.post(`/admin/orders/${order.id}/cod-cash`, {
      updatedAt: cash.json().updatedAt,
      amount: order.total,
      reference: 'DLV-REM-2027-0042',
    });
    expect(again.statusCode).toBe(409);
    const audit = await shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toContain('order.cod-cash');
    // The back office shows who recorded what, and marks the order COD in its list.
    const detail = (await admin.get(`/admin/orders/${order.id}`)).json();
    expect(detail.codCash).toMatchObject({
      cashCollected: order.total,
      remittanceReference: 'DLV-REM-2027-0042',
      collectedBy: expect.stringMatching(/^staff:staff\.[0-9a-f]{8}@netkart\.in$/),
    });
    expect(detail.codCash.confirmedAt).toEqual(expect.any(String));
    expect(detail.codCash.collectedAt).toEqual(expect.any(String));
    const listed = (await admin.get(`/admin/orders?q=${order.id}`)).json();
    expect(listed.data[0]).toMatchObject({ id: order.id, cod: true });
  });

  it('refuses cash other than the order total, naming amount', async () => {
    const { order, updatedAt } = await confirmedOrder();
    const short = await admin.post(`/admin/orders/${order.id}/cod-cash`, {
      updatedAt,
      amount: order.total - 40,
      reference: 'DLV-REM-2027-0043',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'amount' });
    expect(short.json().error).toContain("amount must be the order's total");
    const detail = (await admin.get(`/admin/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ status: OrderStatus.Shipped, codCash: { cashCollected: null, collectedBy: null } });
  });

  it('an undelivered parcel is marked RTO: cancelled with that reason, stock back, audited', async () => {
    const before = await stockOf(product.id);
    const { order, updatedAt } = await confirmedOrder();
    expect(await stockOf(product.id)).toBe(before - 1);
    const rto = await admin.post(`/admin/orders/${order.id}/rto`, { updatedAt });
    expect(rto.statusCode).toBe(200);
    expect(rto.json()).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: RETURNED_TO_ORIGIN_REASON });
    expect(await stockOf(product.id)).toBe(before);
    const audit = await shop.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `order:${order.id}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toContain('order.rto');
  });
});
