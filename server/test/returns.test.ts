import {
  AdminReturnListResponse,
  Order,
  OrderReturnsResponse,
  OrderStatus,
  Return,
  ReturnRules,
  splitInclusive,
} from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import type { ReceivedReturn } from '../src/modules/returns/service.js';
import { daysAfter } from '../src/modules/returns/service.js';
import { returnTimeline } from '../src/modules/returns/timeline.js';
import { istDay, istDayStart } from '../src/shared/india-time.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka, as the shopper's Bengaluru address: CGST + SGST
const PRICE = 189900; // ₹1,899 at 18%

let shop: TestShop;
let peer: SmtpPeer;
let http: ReturnType<typeof client>;
let shopper: Awaited<ReturnType<typeof signUp>>;
let staff: ReturnType<typeof adminClient>;
let owner: ReturnType<typeof adminClient>;
let productId: string;
let utr = 200000000000;
/** The returns' clock: undefined is the real time. */
let now: Date | undefined;
const received: ReceivedReturn[] = [];

beforeAll(async () => {
  shop = await startShop({ returnsClock: () => now ?? new Date() });
  peer = await startSmtpPeer();
  http = client(shop.app);
  shopper = await signUp(shop.app);
  const [product] = await orderableProducts(shop.app, 60);
  if (!product) throw new Error('the demo store has no product in stock');
  productId = product.id;
  await shop.db
    .updateTable('products')
    .set({ regular_price: PRICE, discounted_price: null, hsn: '85044030', gst_rate: 18 })
    .where('id', '=', productId)
    .execute();
  await shop.db.updateTable('stores').set({ gstin: SELLER_GSTIN }).where('id', '=', shop.storeId).execute();
  shop.services.returns.addReceivedHook(async (_trx, each) => {
    received.push(each);
  });
  const member = await addStaff(shop, { role: 'orders' });
  staff = adminClient(shop.app);
  expect((await staff.signIn(member.email, member.password)).statusCode).toBe(200);
  const boss = await addStaff(shop, { role: 'owner' });
  owner = adminClient(shop.app);
  expect((await owner.signIn(boss.email, boss.password)).statusCode).toBe(200);
});
afterAll(async () => {
  await peer?.close();
  await shop?.close();
});
beforeEach(() => {
  now = undefined;
  peer.received.length = 0;
});

const stockNow = async () =>
  (await shop.db.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;

/** A paid order of `quantity` pieces, shipped and (unless told) delivered. */
async function deliveredOrder(quantity = 3, { deliver = true, token = shopper.token } = {}) {
  const placed = await http.post('/orders', { lines: [{ productId, quantity }], shippingAddress: validAddress }, token);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Shipped, { by: { actor: 'merchant' } });
  if (deliver)
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered, { by: { actor: 'merchant' } });
  const item = order.items[0];
  if (!item) throw new Error('the order has no line');
  return { order, itemId: item.id };
}

const ask = (orderId: string, body: unknown, token = shopper.token) =>
  http.post(`/orders/${orderId}/returns`, body, token);

async function asked(orderId: string, itemId: string, quantity: number, kind: 'return' | 'exchange' = 'return') {
  const response = await ask(orderId, { items: { [itemId]: quantity }, reason: 'Too small', kind });
  expect(response.statusCode, response.body).toBe(201);
  return Return.parse(response.json());
}

/** The shop's outbox sent over real SMTP to the test server. */
async function sendMail() {
  const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir: '' });
  try {
    await sender.runOnce();
  } finally {
    sender.close();
  }
}

describe('asking for a return', () => {
  it('a delivered order within the window: 201 with the return asked, listed for its shopper with the last day', async () => {
    const { order, itemId } = await deliveredOrder(2);
    const created = await asked(order.id, itemId, 1);
    expect(created).toMatchObject({
      orderId: order.id,
      kind: 'return',
      status: 'requested',
      reason: 'Too small',
      amount: PRICE / 100,
      items: [{ orderItemId: itemId, productId, quantity: 1, price: PRICE / 100 }],
      creditNote: null,
    });
    const listed = OrderReturnsResponse.parse((await http.get(`/orders/${order.id}/returns`, shopper.token)).json());
    expect(listed.data.map((each) => each.id)).toEqual([created.id]);
    expect(listed.lastDay).toBe(daysAfter(istDay(new Date()), 7));
    expect(listed.open).toBe(true);
  });

  it('refuses, naming the field: not delivered, empty, unknown item, more than bought, reason missing, bad kind', async () => {
    const shipped = await deliveredOrder(2, { deliver: false });
    const notYet = await ask(shipped.order.id, { items: { [shipped.itemId]: 1 }, reason: 'x', kind: 'return' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error).toBe(
      `Order ${shipped.order.id} is Shipped: a return can be asked once it is delivered.`,
    );

    const { order, itemId } = await deliveredOrder(2);
    const cases: [unknown, number, RegExp][] = [
      [{ items: {}, reason: 'x', kind: 'return' }, 400, /^items: choose at least one item/],
      [{ items: { [itemId]: 0 }, reason: 'x', kind: 'return' }, 400, /^items: choose at least one item/],
      [
        { items: { nope: 1 }, reason: 'x', kind: 'return' },
        400,
        new RegExp(`^items: nope is not an item of order ${order.id}`),
      ],
      [
        { items: { [itemId]: 3 }, reason: 'x', kind: 'return' },
        400,
        /^items: at most 2 of .* can go back \(2 bought\)/,
      ],
      [{ items: { [itemId]: 1 }, kind: 'return' }, 400, /reason is required/],
      [{ items: { [itemId]: 1 }, reason: '   ', kind: 'return' }, 400, /reason is required/],
      [{ items: { [itemId]: 1 }, reason: 'x', kind: 'swap' }, 400, /kind must be 'return' or 'exchange'/],
      [{ items: { [itemId]: 1.5 }, reason: 'x', kind: 'return' }, 400, /items: each quantity must be a whole number/],
      [{ items: { [itemId]: 1 }, reason: 'x', kind: 'return', refundTo: { upi: 'not a upi' } }, 400, /refundTo.upi/],
    ];
    for (const [body, status, message] of cases) {
      const response = await ask(order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error, JSON.stringify(body)).toMatch(message);
    }
    // What is already in a return counts against what is left.
    await asked(order.id, itemId, 1);
    const more = await ask(order.id, { items: { [itemId]: 2 }, reason: 'x', kind: 'return' });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toMatch(/^items: at most 1 of .* can go back \(2 bought, 1 already in a return\)/);
  });

  it("another shopper's order, or none signed in: the same 404 / 401 as the orders", async () => {
    const { order, itemId } = await deliveredOrder(1);
    const stranger = await signUp(shop.app);
    const body = { items: { [itemId]: 1 }, reason: 'x', kind: 'return' };
    expect((await ask(order.id, body, stranger.token)).statusCode).toBe(404);
    expect((await http.get(`/orders/${order.id}/returns`, stranger.token)).statusCode).toBe(404);
    expect((await http.post(`/orders/${order.id}/returns`, body, '')).statusCode).toBe(401);
  });

  it('the window: open to the end of its last day (India time), closed the day after, naming the last day', async () => {
    const { order, itemId } = await deliveredOrder(2);
    const lastDay = daysAfter(istDay(new Date()), 7);
    now = new Date(istDayStart(lastDay).getTime() + 86_400_000 - 60_000);
    await asked(order.id, itemId, 1);
    now = new Date(istDayStart(lastDay).getTime() + 86_400_000);
    const late = await ask(order.id, { items: { [itemId]: 1 }, reason: 'x', kind: 'return' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(
      `The return window of order ${order.id} closed on ${lastDay} (7 days after delivery).`,
    );
    const listed = OrderReturnsResponse.parse((await http.get(`/orders/${order.id}/returns`, shopper.token)).json());
    expect(listed).toMatchObject({ lastDay, open: false });
  });

  it("the store's rules: its own window and no exchanges, set by the owner in the back office (logged)", async () => {
    expect(ReturnRules.parse((await owner.get('/admin/settings/returns')).json())).toEqual({
      windowDays: 7,
      exchanges: true,
    });
    expect((await staff.send('PUT', '/admin/settings/returns', { windowDays: 3, exchanges: false })).statusCode).toBe(
      403,
    );
    const bad = await owner.send('PUT', '/admin/settings/returns', { windowDays: -1, exchanges: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/windowDays cannot be negative/);
    const saved = await owner.send('PUT', '/admin/settings/returns', { windowDays: 3, exchanges: false });
    expect(saved.json()).toEqual({ windowDays: 3, exchanges: false });
    try {
      const { order, itemId } = await deliveredOrder(1);
      const exchange = await ask(order.id, { items: { [itemId]: 1 }, reason: 'x', kind: 'exchange' });
      expect(exchange.statusCode).toBe(400);
      expect(exchange.json().error).toBe('kind: this store does not offer exchanges; ask for a return instead.');
      now = new Date(istDayStart(daysAfter(istDay(new Date()), 4)).getTime());
      const late = await ask(order.id, { items: { [itemId]: 1 }, reason: 'x', kind: 'return' });
      expect(late.json().error).toMatch(/closed on .* \(3 days after delivery\)/);
      const logged = await shop.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'store.returns')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(logged.after_json ?? '{}')).toEqual({ windowDays: 3, exchanges: false });
    } finally {
      await shop.services.returns.setRules(shop.storeId, { windowDays: 7, exchanges: true });
    }
  });
});

describe('the shop moves a return', () => {
  it('approve → pickup by hand → receive: stock back, a credit note for the returned lines, refund due, mails, log, timeline', async () => {
    const { order, itemId } = await deliveredOrder(3);
    const created = await asked(order.id, itemId, 2);
    const before = await stockNow();
    await shop.db.deleteFrom('outbox').execute();

    const approved = await staff.post(`/admin/returns/${created.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(Return.parse(approved.json())).toMatchObject({ status: 'approved', statusLabel: 'Approved' });
    await sendMail();
    expect(peer.received.map((mail) => [mail.envelopeTo, mail.subject])).toEqual([
      [[shopper.email], `Your return ${created.id} for order ${order.id} is approved`],
    ]);

    const noAwb = await staff.post(`/admin/returns/${created.id}/pickup`, { via: 'hand' });
    expect(noAwb.statusCode).toBe(400);
    expect(noAwb.json().error).toMatch(/^awb:/);
    const courier = await staff.post(`/admin/returns/${created.id}/pickup`, { via: 'courier' });
    expect(courier.statusCode).toBe(409);
    expect(courier.json().error).toMatch(/book it by hand/);
    const picked = await staff.post(`/admin/returns/${created.id}/pickup`, {
      via: 'hand',
      courier: 'Delhivery',
      awb: 'RV123456',
    });
    expect(Return.parse(picked.json())).toMatchObject({
      status: 'pickup-booked',
      pickup: 'hand',
      courier: 'Delhivery',
      awb: 'RV123456',
    });

    const month = istDay(new Date()).slice(0, 7);
    const booksBefore = await shop.services.invoices.gstr1(shop.storeId, month);
    const done = await staff.post(`/admin/returns/${created.id}/receive`);
    expect(done.statusCode, done.body).toBe(200);
    const receivedReturn = Return.parse(done.json());
    expect(receivedReturn.status).toBe('received');
    expect(await stockNow()).toBe(before + 2);

    // The credit note: the two pieces at ₹1,899, split as the invoice splits, CGST = SGST.
    const split = splitInclusive(2 * PRICE, 18, true);
    expect(split.cgst).toBe(split.sgst);
    expect(receivedReturn.creditNote).toMatchObject({ total: (2 * PRICE) / 100 });
    expect(receivedReturn.creditNote?.number).toMatch(/^[A-Z0-9]{1,3}C\/\d\d-\d\d\/\d{5}$/);
    const note = await shop.db
      .selectFrom('return_credit_notes')
      .selectAll()
      .where('return_id', '=', created.id)
      .executeTakeFirstOrThrow();
    const document = JSON.parse(note.document_json);
    const invoice = await shop.db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', order.id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(document.against).toMatchObject({ number: invoice.number });
    expect(document.lines).toEqual([
      expect.objectContaining({ quantity: 2, unitPrice: PRICE, rate: 18, total: 2 * PRICE, ...split }),
    ]);
    expect(document.totals).toEqual({ ...split, igst: 0, total: 2 * PRICE });
    expect(split.taxable + split.cgst + split.sgst).toBe(2 * PRICE);
    // The month's GSTR-1 nets it out of the B2C supplies of its rate and HSN.
    const booksAfter = await shop.services.invoices.gstr1(shop.storeId, month);
    const hsnOf = (books: typeof booksAfter) => books.hsnB2c.find((row) => row.hsn === '85044030');
    expect((hsnOf(booksBefore)?.quantity ?? 0) - (hsnOf(booksAfter)?.quantity ?? 0)).toBe(2);
    expect((hsnOf(booksBefore)?.figures.taxable ?? 0) - (hsnOf(booksAfter)?.figures.taxable ?? 0)).toBe(split.taxable);
    expect(hsnOf(booksAfter)?.figures.cgst).toBe(hsnOf(booksAfter)?.figures.sgst);

    // The refund is due (the payments module hears it through the received hooks), by the order's way of paying.
    const { payment_provider: method } = await shop.db
      .selectFrom('orders')
      .select('payment_provider')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(received.at(-1)).toEqual({
      storeId: shop.storeId,
      orderId: order.id,
      returnId: created.id,
      kind: 'return',
      amount: 2 * PRICE,
      method,
      refundTo: null,
      reason: 'Too small',
    });
    // … and the payments module owes it: listed for the merchant, naming the return, until it is made.
    const owed = (await staff.get('/admin/refunds'))
      .json()
      .data.filter((refund: { orderId: string }) => refund.orderId === order.id);
    expect(owed).toMatchObject([
      { amount: (2 * PRICE) / 100, source: 'return', reason: `Return ${created.id}: Too small`, status: 'due' },
    ]);

    peer.received.length = 0;
    await sendMail();
    expect(peer.received.map((mail) => mail.subject)).toEqual([
      `We received your return ${created.id} for order ${order.id}`,
    ]);
    expect(peer.received[0]?.text).toContain('Your refund of ₹3,798.00 goes back the way you paid.');

    const logged = await shop.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('subject', '=', `return:${created.id}`)
      .orderBy('created_at')
      .execute();
    expect(logged.map((row) => row.action)).toEqual(['return.approved', 'return.pickup-booked', 'return.received']);
    expect(logged.every((row) => row.actor.startsWith('staff:'))).toBe(true);

    const timeline = await returnTimeline(shop.db, shop.storeId, order.id);
    expect(timeline.map((entry) => entry.kind)).toEqual([
      'return-asked',
      'return-approved',
      'return-pickup',
      'return-received',
    ]);
    expect(timeline[0]).toMatchObject({ label: 'Return asked', detail: 'Too small' });
    expect(timeline[2]).toMatchObject({ detail: 'Delhivery, AWB RV123456' });

    // The last piece returned in full keeps the invoice line's own figures for it; nothing more is left.
    const last = await asked(order.id, itemId, 1);
    await staff.post(`/admin/returns/${last.id}/approve`);
    const lastDone = Return.parse((await staff.post(`/admin/returns/${last.id}/receive`)).json());
    expect(lastDone.creditNote?.total).toBe(PRICE / 100);
    const left = await ask(order.id, { items: { [itemId]: 1 }, reason: 'x', kind: 'return' });
    expect(left.json().error).toMatch(/at most 0 of/);

    // The order's page in the back office lists its returns.
    const ofOrder = await staff.get(`/admin/orders/${order.id}/returns`);
    expect(ofOrder.json().data.map((each: Return) => each.status)).toEqual(['received', 'received']);
  });

  it('refuse with a reason (mailed, and the pieces may be asked again); a refused return moves no further', async () => {
    const { order, itemId } = await deliveredOrder(1);
    const created = await asked(order.id, itemId, 1);
    const noReason = await staff.post(`/admin/returns/${created.id}/refuse`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatch(/reason is required/);
    await shop.db.deleteFrom('outbox').execute();
    const refused = Return.parse(
      (await staff.post(`/admin/returns/${created.id}/refuse`, { reason: 'Worn and washed' })).json(),
    );
    expect(refused).toMatchObject({ status: 'refused', refusalReason: 'Worn and washed' });
    await sendMail();
    expect(peer.received[0]?.subject).toBe(`Your return ${created.id} for order ${order.id} was not accepted`);
    expect(peer.received[0]?.text).toContain('Reason: Worn and washed');

    for (const move of ['approve', 'receive']) {
      const answer = await staff.post(`/admin/returns/${created.id}/${move}`);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toMatch(new RegExp(`^Return ${created.id} is refused: it cannot become`));
    }
    // Refused pieces are not counted as returned.
    await asked(order.id, itemId, 1);
  });

  it('receive before approval, approve twice, an unknown return: 409s and a 404', async () => {
    const { order, itemId } = await deliveredOrder(1);
    const created = await asked(order.id, itemId, 1);
    expect((await staff.post(`/admin/returns/${created.id}/receive`)).statusCode).toBe(409);
    expect((await staff.post(`/admin/returns/${created.id}/approve`)).statusCode).toBe(200);
    const twice = await staff.post(`/admin/returns/${created.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(`Return ${created.id} is approved: it cannot become approved.`);
    expect((await staff.post('/admin/returns/NOSUCHRET/approve')).statusCode).toBe(404);
  });

  it('an exchange: received with its credit note, and a replacement order at no charge, Processing; no refund due', async () => {
    const { order, itemId } = await deliveredOrder(1);
    const created = await asked(order.id, itemId, 1, 'exchange');
    const count = received.length;
    const before = await stockNow();
    await staff.post(`/admin/returns/${created.id}/approve`);
    const done = Return.parse((await staff.post(`/admin/returns/${created.id}/receive`)).json());
    expect(done).toMatchObject({ kind: 'exchange', status: 'received' });
    expect(done.creditNote).not.toBeNull();
    expect(done.exchangeOrderId).toMatch(/^[A-Z0-9]{10}$/);
    // The piece that came back went out again in the replacement.
    expect(await stockNow()).toBe(before);
    expect(received.length).toBe(count);
    const replacement = Order.parse((await http.get(`/orders/${done.exchangeOrderId}`, shopper.token)).json());
    expect(replacement).toMatchObject({ status: OrderStatus.Processing, total: 0, documents: [] });
    expect(replacement.items).toEqual([expect.objectContaining({ productId, quantity: 1, price: 0 })]);
    expect(replacement.shippingAddress).toEqual(order.shippingAddress);
    const events = await shop.services.orders.events(shop.storeId, replacement.id);
    expect(events[0]).toMatchObject({
      to_status: OrderStatus.Processing,
      note: `Exchange for return ${created.id} of order ${order.id}`,
    });
    const timeline = await returnTimeline(shop.db, shop.storeId, order.id);
    expect(timeline.at(-1)).toMatchObject({
      kind: 'return-received',
      label: 'Exchange received',
      detail: `Replacement order ${replacement.id}`,
    });
  });

  it('the back office list: newest first, by status, with counts and the customer', async () => {
    const all = AdminReturnListResponse.parse((await staff.get('/admin/returns')).json());
    expect(all.data.length).toBeGreaterThan(3);
    expect(all.data[0]?.customer).toBe(validAddress.fullName);
    expect(all.counts.received).toBeGreaterThanOrEqual(3);
    const refused = AdminReturnListResponse.parse((await staff.get('/admin/returns?status=refused')).json());
    expect(refused.data.every((each) => each.status === 'refused')).toBe(true);
    expect((await staff.get('/admin/returns?status=lost')).statusCode).toBe(400);
  });
});
