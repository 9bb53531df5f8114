import { CreateCouponRequest, Order, OrderStatus, Return, splitInclusive } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka, as the Bengaluru address: CGST + SGST
const BY = { actor: 'staff:returns@netkart.test' };

let shop: TestShop;
let http: ReturnType<typeof client>;
let shopper: { token: string };
/** ₹2,499.99 headphones and ₹1,333.33 earbuds (both HSN 85183000 at 18%), a ₹549 charger (HSN 85044030 at 18%). */
let headphones: string;
let earbuds: string;
let charger: string;
let utr = 910000000000;
let codes = 0;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  shopper = await signUp(shop.app);
  const [first, second, third] = await orderableProducts(shop.app, 5);
  if (!first || !second || !third) throw new Error('not enough products in stock');
  headphones = first.id;
  earbuds = second.id;
  charger = third.id;
  const priced = (id: string, paise: number, hsn: string) =>
    shop.db
      .updateTable('products')
      .set({ regular_price: paise, discounted_price: null, stock: 5000, hsn, gst_rate: 18 })
      .where('id', '=', id)
      .execute();
  await priced(headphones, 249_999, '85183000');
  await priced(earbuds, 133_333, '85183000');
  await priced(charger, 54_900, '85044030');
  await shop.db.updateTable('stores').set({ gstin: SELLER_GSTIN }).where('id', '=', shop.storeId).execute();
});
afterAll(() => shop?.close());

beforeEach(async () => {
  // Only each test's own coupon is in force, and shipping is free (no fee to leave out of a refund).
  await shop.db.updateTable('coupons').set({ disabled_at: new Date().toISOString() }).execute();
  await shop.services.shipping.setRules(shop.storeId, null);
});

/** A 10% coupon with no cap, of a code of its own. */
async function tenPercent(): Promise<string> {
  codes += 1;
  const coupon = await shop.services.coupons.add(
    shop.storeId,
    CreateCouponRequest.parse({ code: `RETURN${codes}X`, kind: 'percent', percent: 10 }),
  );
  if (!coupon.code) throw new Error('the coupon has no code');
  return coupon.code;
}

/** A paid, delivered order of these lines, with the coupon if given. */
async function deliveredOrder(lines: { productId: string; quantity: number }[], couponCode?: string) {
  const placed = await http.post(
    '/orders',
    { lines, shippingAddress: validAddress, ...(couponCode ? { couponCode } : {}) },
    shopper.token,
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = Order.parse(placed.json());
  utr += 1;
  await shop.services.payments.recordManualPayment(shop.storeId, order.id, { provider: 'upi', reference: String(utr) });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Shipped, { by: { actor: 'merchant' } });
  await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Delivered, { by: { actor: 'merchant' } });
  const itemOf = (productId: string) => {
    const item = order.items.find((each) => each.productId === productId);
    if (!item) throw new Error(`the order has no line of ${productId}`);
    return item.id;
  };
  return { order, itemOf };
}

/** Asks, approves and receives a return of these lines; gives it as the shop reads it, its refund and credit note. */
async function returned(orderId: string, items: Record<string, number>) {
  const asked = await http.post(
    `/orders/${orderId}/returns`,
    { items, reason: 'Not needed', kind: 'return' },
    shopper.token,
  );
  expect(asked.statusCode, asked.body).toBe(201);
  const { id } = Return.parse(asked.json());
  await shop.services.returns.approve(shop.storeId, id, BY);
  const done = await shop.services.returns.receive(shop.storeId, id, BY);
  const refunds = await shop.db
    .selectFrom('refunds')
    .select(['amount', 'source'])
    .where('return_id', '=', id)
    .execute();
  const note = await shop.services.invoices.returnCreditNote(shop.storeId, id);
  if (!note) throw new Error(`return ${id} has no credit note`);
  return { done, refunds: refunds.map((each) => ({ ...each, amount: Number(each.amount) })), note: note.document };
}

const invoiceOf = async (orderId: string) => {
  const invoice = await shop.services.invoices.find(shop.storeId, orderId, 'invoice');
  if (!invoice) throw new Error(`order ${orderId} has no invoice`);
  return invoice.document;
};

const discountCharges = (orderId: string) =>
  shop.db
    .selectFrom('order_charges')
    .select(['amount', 'sac'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'discount')
    .execute();

describe('returning items of an order with a 10% coupon', () => {
  // ₹2,499.99 + 2 × ₹1,333.33 = ₹5,166.65; 10% = ₹516.67, one discount line (one HSN and rate).
  // Spread by value: the headphones ₹250.00 (₹250.0014… rounded down), the earbuds the rest, ₹266.67.
  it('one line returned: refund and credit note are the line less its share of the discount, to the paisa', async () => {
    const code = await tenPercent();
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: headphones, quantity: 1 },
        { productId: earbuds, quantity: 2 },
      ],
      code,
    );
    expect(order.total).toBe(4649.98);
    const { done, refunds, note } = await returned(order.id, { [itemOf(headphones)]: 1 });

    expect(done.amount).toBe(2249.99);
    expect(refunds).toEqual([{ amount: 224_999, source: 'return' }]);
    expect(done.creditNote?.total).toBe(2249.99);
    expect(note.totals.total).toBe(224_999);

    // The credit note reads as the invoice did: the goods line, then its share of the discount line.
    const invoice = await invoiceOf(order.id);
    const goods = invoice.lines[0];
    const discount = splitInclusive(25_000, 18, true);
    expect(note.lines.map((line) => [line.description, line.hsn, line.total])).toEqual([
      [goods?.description, '85183000', 249_999],
      [`Discount (${code})`, '85183000', -25_000],
    ]);
    expect(note.lines[1]).toMatchObject({
      taxable: -discount.taxable,
      cgst: -discount.cgst,
      sgst: -discount.sgst,
      igst: 0,
      rate: 18,
    });
    // Its tax is the returned line's tax less the tax of its share of the discount, and adds up.
    expect(note.totals).toEqual({
      taxable: (goods?.taxable ?? 0) - discount.taxable,
      cgst: (goods?.cgst ?? 0) - discount.cgst,
      sgst: (goods?.sgst ?? 0) - discount.sgst,
      igst: 0,
      total: 224_999,
    });
    expect(note.totals.taxable + note.totals.cgst + note.totals.sgst).toBe(224_999);
  });

  it('every item returned: the refund is exactly what the goods cost after the discount, and the credit note undoes the invoice', async () => {
    const code = await tenPercent();
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: headphones, quantity: 1 },
        { productId: earbuds, quantity: 2 },
      ],
      code,
    );
    const { done, refunds, note } = await returned(order.id, { [itemOf(headphones)]: 1, [itemOf(earbuds)]: 2 });
    expect(refunds).toEqual([{ amount: 464_998, source: 'return' }]);
    expect(done.amount).toBe(order.total);
    const invoice = await invoiceOf(order.id);
    expect(note.totals).toEqual(invoice.totals);
  });

  it('the earbuds back one piece at a time: the two refunds add up to the line less its share exactly', async () => {
    const code = await tenPercent();
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: headphones, quantity: 1 },
        { productId: earbuds, quantity: 2 },
      ],
      code,
    );
    // The earbuds' share is ₹266.67: the first piece takes ₹133.33 of it, the second the ₹133.34 left.
    const first = await returned(order.id, { [itemOf(earbuds)]: 1 });
    const second = await returned(order.id, { [itemOf(earbuds)]: 1 });
    expect(first.refunds).toEqual([{ amount: 133_333 - 13_333, source: 'return' }]);
    expect(second.refunds).toEqual([{ amount: 133_333 - 13_334, source: 'return' }]);
    expect(first.note.totals.total + second.note.totals.total).toBe(266_666 - 26_667);
    // The first return, read again after the second, still shows what it refunded.
    const [firstAgain] = (await shop.services.returns.ofOrder(shop.storeId, order.id)).filter(
      (each) => each.id === first.done.id,
    );
    expect(firstAgain?.amount).toBe(1200);
  });

  it('goods of two HSN codes: a returned line takes only its own HSN’s discount', async () => {
    const code = await tenPercent();
    const { order, itemOf } = await deliveredOrder(
      [
        { productId: headphones, quantity: 1 },
        { productId: charger, quantity: 1 },
      ],
      code,
    );
    const charges = await discountCharges(order.id);
    const chargerDiscount = -Number(charges.find((charge) => charge.sac === '85044030')?.amount);
    expect(chargerDiscount).toBeGreaterThan(0);
    const { refunds, note } = await returned(order.id, { [itemOf(charger)]: 1 });
    expect(refunds).toEqual([{ amount: 54_900 - chargerDiscount, source: 'return' }]);
    const printed = (await invoiceOf(order.id)).lines.find((line) => line.total < 0 && line.hsn === '85044030');
    // The charger's whole discount line comes back with the invoice's very figures.
    expect(note.lines.at(-1)).toMatchObject({
      hsn: '85044030',
      total: printed?.total,
      taxable: printed?.taxable,
      cgst: printed?.cgst,
      sgst: printed?.sgst,
    });
  });

  it('a free-shipping coupon is no item’s discount: the returned line is refunded at its price', async () => {
    await shop.services.shipping.setRules(shop.storeId, { freeFrom: 100_000, slabs: [{ price: 79 }] });
    codes += 1;
    const coupon = await shop.services.coupons.add(
      shop.storeId,
      CreateCouponRequest.parse({ code: `SHIPFREE${codes}X`, kind: 'free-shipping' }),
    );
    const { order, itemOf } = await deliveredOrder([{ productId: charger, quantity: 1 }], coupon.code ?? '');
    expect(order.total).toBe(549);
    expect((await discountCharges(order.id)).map((charge) => Number(charge.amount))).toEqual([-7900]);
    const { refunds, note } = await returned(order.id, { [itemOf(charger)]: 1 });
    expect(refunds).toEqual([{ amount: 54_900, source: 'return' }]);
    expect(note.lines.map((line) => line.total)).toEqual([54_900]);
  });

  it('a whole-order cancellation after payment still refunds the order’s paid total', async () => {
    const code = await tenPercent();
    const placed = await http.post(
      '/orders',
      {
        lines: [
          { productId: headphones, quantity: 1 },
          { productId: earbuds, quantity: 2 },
        ],
        shippingAddress: validAddress,
        couponCode: code,
      },
      shopper.token,
    );
    const order = Order.parse(placed.json());
    utr += 1;
    await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
      provider: 'upi',
      reference: String(utr),
    });
    await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, { by: { actor: 'merchant' } });
    const refunds = await shop.db
      .selectFrom('refunds')
      .select(['amount', 'source'])
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds.map((each) => ({ ...each, amount: Number(each.amount) }))).toEqual([
      { amount: 464_998, source: 'cancel' },
    ]);
  });
});

describe('returning items of an order with a coupon limited to one product', () => {
  // The earbuds' coupon: 10% of 2 × ₹1,333.33 = ₹266.67, one discount line at HSN 85183000 and 18%,
  // which the headphones (not covered) share with the earbuds.
  async function earbudsOnly(): Promise<string> {
    codes += 1;
    const coupon = await shop.services.coupons.add(
      shop.storeId,
      CreateCouponRequest.parse({ code: `EARBUDS${codes}X`, kind: 'percent', percent: 10, productIds: [earbuds] }),
    );
    if (!coupon.code) throw new Error('the coupon has no code');
    return coupon.code;
  }

  const headphonesAndEarbuds = (code: string) =>
    deliveredOrder(
      [
        { productId: headphones, quantity: 1 },
        { productId: earbuds, quantity: 2 },
      ],
      code,
    );

  it('the item the coupon did not cover is refunded and credited at its full price', async () => {
    const code = await earbudsOnly();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    expect(order.total).toBe(4899.98);
    // The invoice keeps its one discount line per HSN and rate.
    expect((await discountCharges(order.id)).map((charge) => [Number(charge.amount), charge.sac])).toEqual([
      [-26_667, '85183000'],
    ]);
    const { done, refunds, note } = await returned(order.id, { [itemOf(headphones)]: 1 });
    expect(done.amount).toBe(2499.99);
    expect(refunds).toEqual([{ amount: 249_999, source: 'return' }]);
    const invoice = await invoiceOf(order.id);
    expect(note.lines).toEqual([invoice.lines[0]]);
    expect(note.totals.total).toBe(249_999);
  });

  it('the covered item is refunded at its price less the whole discount, and the credit note takes the invoice’s discount line', async () => {
    const code = await earbudsOnly();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    const { done, refunds, note } = await returned(order.id, { [itemOf(earbuds)]: 2 });
    expect(done.amount).toBe(2399.99);
    expect(refunds).toEqual([{ amount: 266_666 - 26_667, source: 'return' }]);
    const invoice = await invoiceOf(order.id);
    const printed = invoice.lines.find((line) => line.total < 0);
    expect(note.lines.map((line) => [line.description, line.total])).toEqual([
      [invoice.lines[1]?.description, 266_666],
      [`Discount (${code})`, -26_667],
    ]);
    expect(note.lines.at(-1)).toMatchObject({ total: printed?.total, taxable: printed?.taxable, cgst: printed?.cgst });
    expect(note.totals.total).toBe(239_999);
  });

  it('the covered earbuds back one at a time, then the headphones: the refunds add up to what was paid', async () => {
    const code = await earbudsOnly();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    const first = await returned(order.id, { [itemOf(earbuds)]: 1 });
    const second = await returned(order.id, { [itemOf(earbuds)]: 1 });
    const third = await returned(order.id, { [itemOf(headphones)]: 1 });
    expect(first.refunds).toEqual([{ amount: 133_333 - 13_333, source: 'return' }]);
    expect(second.refunds).toEqual([{ amount: 133_333 - 13_334, source: 'return' }]);
    expect(third.refunds).toEqual([{ amount: 249_999, source: 'return' }]);
    expect(first.note.totals.total + second.note.totals.total + third.note.totals.total).toBe(489_998);
    expect(first.done.amount + second.done.amount + third.done.amount).toBe(order.total);
  });

  it('an order placed before shares were kept (none on its items) keeps spreading its discount over its HSN’s items', async () => {
    const code = await earbudsOnly();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    await shop.db.updateTable('order_items').set({ discount: null }).where('order_id', '=', order.id).execute();
    // ₹266.67 spread by value over ₹2,499.99 and ₹2,666.66: the headphones ₹129.03 (rounded down), the earbuds the rest.
    const headphonesBack = await returned(order.id, { [itemOf(headphones)]: 1 });
    const earbudsBack = await returned(order.id, { [itemOf(earbuds)]: 2 });
    expect(headphonesBack.refunds).toEqual([{ amount: 249_999 - 12_903, source: 'return' }]);
    expect(earbudsBack.refunds).toEqual([{ amount: 266_666 - 13_764, source: 'return' }]);
    expect(headphonesBack.note.totals.total + earbudsBack.note.totals.total).toBe(489_998);
  });

  it('an older order of a coupon on everything reads as before', async () => {
    const code = await tenPercent();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    await shop.db.updateTable('order_items').set({ discount: null }).where('order_id', '=', order.id).execute();
    const { refunds } = await returned(order.id, { [itemOf(headphones)]: 1 });
    expect(refunds).toEqual([{ amount: 224_999, source: 'return' }]);
  });

  it('the shares are kept on the order’s items when it is placed', async () => {
    const code = await earbudsOnly();
    const { order, itemOf } = await headphonesAndEarbuds(code);
    const kept = await shop.db
      .selectFrom('order_items')
      .select(['id', 'discount'])
      .where('order_id', '=', order.id)
      .execute();
    expect(new Map(kept.map((item) => [item.id, Number(item.discount)]))).toEqual(
      new Map([
        [itemOf(headphones), 0],
        [itemOf(earbuds), 26_667],
      ]),
    );
  });
});

describe('returning items of an order without a coupon', () => {
  it('the line is refunded and credited at its price, as before', async () => {
    const { order, itemOf } = await deliveredOrder([
      { productId: headphones, quantity: 1 },
      { productId: earbuds, quantity: 2 },
    ]);
    const { done, refunds, note } = await returned(order.id, { [itemOf(headphones)]: 1 });
    expect(done.amount).toBe(2499.99);
    expect(refunds).toEqual([{ amount: 249_999, source: 'return' }]);
    const invoice = await invoiceOf(order.id);
    expect(note.lines).toEqual([invoice.lines[0]]);
    expect(note.totals.total).toBe(249_999);
  });
});
