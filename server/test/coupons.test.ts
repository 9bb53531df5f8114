import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  Coupon,
  CreateCouponRequest as CouponInput,
  CouponListResponse,
  type CreateCouponRequest,
  Order,
  Quote,
  splitInclusive,
} from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { istDay } from '../src/shared/india-time.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka, as the Bengaluru address
const DAY_MS = 86_400_000;

let shop: TestShop;
let http: ReturnType<typeof client>;
let shopper: { token: string };
/** ₹2,499 headphones (Audio, 18%) and a ₹549 charger (Chargers, 18%). */
let headphones: string;
let charger: string;
let utr = 700000000000;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  shopper = await signUp(shop.app);
  const [first, second] = await orderableProducts(shop.app, 5);
  if (!first || !second) throw new Error('not enough products in stock');
  headphones = first.id;
  charger = second.id;
  const priced = (id: string, paise: number, category: string, hsn: string) =>
    shop.db
      .updateTable('products')
      .set({
        regular_price: paise,
        discounted_price: null,
        stock: 5000,
        category,
        category_key: category.toLowerCase(),
        parent_category: 'Electronics',
        parent_category_key: 'electronics',
        hsn,
        gst_rate: 18,
      })
      .where('id', '=', id)
      .execute();
  await priced(headphones, 249_900, 'Audio', '85183000');
  await priced(charger, 54_900, 'Chargers', '85044030');
  await shop.db
    .updateTable('stores')
    .set({ gstin: SELLER_GSTIN, legal_name: 'NetKart Technologies Private Limited' })
    .where('id', '=', shop.storeId)
    .execute();
});
afterAll(() => shop?.close());

beforeEach(async () => {
  // Each test starts with no coupons in force and free shipping, unless it sets its own.
  await shop.db.updateTable('coupons').set({ disabled_at: new Date().toISOString() }).execute();
  await shop.services.shipping.setRules(shop.storeId, null);
});

let codes = 0;
/** A coupon with a code of its own (so tests never share one), added as the back office and CLI add it. */
async function addCoupon(terms: Omit<CreateCouponRequest, 'code'> & { code?: string | null }) {
  codes += 1;
  const { code, ...rest } = terms;
  const input = CouponInput.parse({ ...rest, ...(code === null ? {} : { code: code ?? `SAVE${codes}X` }) });
  return shop.services.coupons.add(shop.storeId, input);
}
const tenPercentAbove999 = (more: Partial<CreateCouponRequest> = {}) =>
  addCoupon({ kind: 'percent', percent: 10, maxDiscount: 200, minOrder: 999, ...more });

const line = (productId: string, quantity = 1) => ({ productId, quantity });
const place = (lines: ReturnType<typeof line>[], more: Record<string, unknown> = {}, token = shopper.token) =>
  http.post('/orders', { lines, shippingAddress: validAddress, ...more }, token);
const quote = (body: Record<string, unknown>, token?: string) => http.post('/quote', body, token);
const orderCount = async () =>
  Number((await shop.db.selectFrom('orders').select(shop.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the issue’s check: 10% up to ₹200 on orders of ₹999 or more', () => {
  it('a ₹2,499 order costs ₹2,299 with it, the discount its own line; a ₹549 order is refused it and not placed', async () => {
    const coupon = await tenPercentAbove999();
    const placed = await place([line(headphones)], { couponCode: coupon.code?.toLowerCase() });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    expect(order.total).toBe(2299);
    expect(order.charges).toEqual([{ kind: 'discount', label: `Discount (${coupon.code})`, amount: -200 }]);

    const before = await orderCount();
    const small = await place([line(charger)], { couponCode: coupon.code });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ field: 'couponCode' });
    expect(small.json().error).toBe(`Coupon ${coupon.code} needs an order of ₹999 or more; your items come to ₹549.`);
    expect(await orderCount()).toBe(before);
  });

  it('the order-placed email shows the discount line', async () => {
    const coupon = await tenPercentAbove999();
    await shop.db.deleteFrom('outbox').execute();
    const placed = await place([line(headphones)], { couponCode: coupon.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const mail = await shop.db.selectFrom('outbox').select(['text', 'recipient']).execute();
    const toShopper = mail.find((message) => message.text.includes(Order.parse(placed.json()).id));
    expect(toShopper?.text).toContain(`Discount (${coupon.code}): -₹200.00`);
    expect(toShopper?.text).toContain('Total: ₹2,299.00');
  });
});

describe('POST /quote', () => {
  it('prices the cart exactly as its order is placed: subtotal, discount, shipping, GST included, total', async () => {
    await shop.services.shipping.setRules(shop.storeId, { freeFrom: 10_000, slabs: [{ price: 79 }] });
    const coupon = await tenPercentAbove999();
    const asked = await quote({ lines: [line(headphones)], couponCode: coupon.code, postalCode: '560038' });
    expect(asked.statusCode, asked.body).toBe(200);
    const priced = Quote.parse(asked.json());
    expect(priced).toMatchObject({
      subtotal: 2499,
      discount: 200,
      shipping: 79,
      codFee: 0,
      total: 2378,
      coupon: { code: coupon.code, label: `Discount (${coupon.code})` },
    });
    // All at 18%: the GST inside ₹2,378.
    const tax = 2378_00 - splitInclusive(2378_00, 18, false).taxable;
    expect(Math.abs(priced.taxIncluded * 100 - tax)).toBeLessThanOrEqual(2);

    // Without a PIN (the cart) shipping is priced to the rest of India, as /shipping/quote does.
    const cart = Quote.parse((await quote({ lines: [line(headphones)], couponCode: coupon.code })).json());
    expect(cart).toMatchObject({ shipping: 79, total: 2378 });

    const placed = await place([line(headphones)], { couponCode: coupon.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    expect(order.total).toBe(priced.total);
    expect(order.charges).toEqual(priced.charges);
  });

  it('without a code or PIN: the items alone, nothing pre-applied', async () => {
    await tenPercentAbove999();
    const priced = Quote.parse((await quote({ lines: [line(headphones, 2)] })).json());
    expect(priced).toMatchObject({ subtotal: 4998, discount: 0, shipping: 0, total: 4998, coupon: null, charges: [] });
  });

  it('refuses an unknown code, an unknown product and a malformed PIN, each naming its field', async () => {
    const unknown = await quote({ lines: [line(headphones)], couponCode: 'NOSUCH' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      field: 'couponCode',
      error: '"NOSUCH" is not a coupon code at this shop. Please check it.',
    });
    const pin = await quote({ lines: [line(headphones)], postalCode: '012345' });
    expect(pin.statusCode).toBe(400);
    expect(pin.json()).toMatchObject({ field: 'postalCode' });
    const gone = await quote({ lines: [line('NO-SUCH-PRODUCT')] });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({ field: 'lines' });
  });

  it('a disabled coupon is unknown from then on', async () => {
    const coupon = await tenPercentAbove999();
    await shop.services.coupons.disable(shop.storeId, coupon.id);
    const refused = await quote({ lines: [line(headphones)], couponCode: coupon.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toContain('is not a coupon code');
  });

  it('a prepaid-only coupon is refused with cash on delivery', async () => {
    const coupon = await addCoupon({ kind: 'flat', flat: 100, prepaidOnly: true });
    const online = Quote.parse((await quote({ lines: [line(headphones)], couponCode: coupon.code })).json());
    expect(online.discount).toBe(100);
    const cod = await quote({ lines: [line(headphones)], couponCode: coupon.code, paymentMethod: 'cod' });
    expect(cod.statusCode).toBe(400);
    expect(cod.json()).toMatchObject({
      field: 'couponCode',
      error: `Coupon ${coupon.code} is for prepaid orders only: pay online to use it, or remove it for cash on delivery.`,
    });
  });

  it('a free-shipping coupon takes the shipping off, as its own line', async () => {
    await shop.services.shipping.setRules(shop.storeId, { freeFrom: 10_000, slabs: [{ price: 79 }] });
    const coupon = await addCoupon({ kind: 'free-shipping' });
    const priced = Quote.parse(
      (await quote({ lines: [line(charger)], couponCode: coupon.code, postalCode: '560038' })).json(),
    );
    expect(priced).toMatchObject({ subtotal: 549, shipping: 79, discount: 79, total: 549 });
    expect(priced.charges.at(-1)).toEqual({ kind: 'discount', label: `Free shipping (${coupon.code})`, amount: -79 });
  });

  it('an automatic offer (no code) is given to the orders it fits, and said so', async () => {
    const offer = await addCoupon({ code: null, kind: 'percent', percent: 5, minOrder: 2000 });
    const big = Quote.parse((await quote({ lines: [line(headphones)] })).json());
    expect(big.discount).toBe(124.95);
    expect(big.coupon).toEqual({ code: null, label: 'Offer: 5% off on orders of ₹2,000 or more' });
    const small = Quote.parse((await quote({ lines: [line(charger)] })).json());
    expect(small).toMatchObject({ discount: 0, coupon: null });
    await shop.services.coupons.disable(shop.storeId, offer.id);
  });
});

describe('the rules, each refused by name', () => {
  const refusal = async (code: string | null | undefined, lines = [line(headphones)], token = shopper.token) => {
    const before = await orderCount();
    const response = await place(lines, { couponCode: code }, token);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field).toBe('couponCode');
    expect(await orderCount()).toBe(before);
    return response.json().error as string;
  };

  it('dates: not yet started, expired (India-time days, both ends included)', async () => {
    const tomorrow = istDay(Date.now() + DAY_MS);
    const yesterday = istDay(Date.now() - DAY_MS);
    const today = istDay(Date.now());
    const later = await tenPercentAbove999({ from: tomorrow });
    expect(await refusal(later.code)).toBe(`Coupon ${later.code} starts on ${tomorrow}: it cannot be used yet.`);
    const over = await tenPercentAbove999({ from: yesterday, to: yesterday });
    expect(await refusal(over.code)).toBe(`Coupon ${over.code} expired on ${yesterday}.`);
    const now = await tenPercentAbove999({ from: today, to: today });
    const placed = await place([line(headphones)], { couponCode: now.code });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json()).total).toBe(2299);
  });

  it('categories: refused when nothing is in them; else only their items are discounted', async () => {
    const audio = await addCoupon({ kind: 'percent', percent: 10, categories: ['audio'] });
    expect(await refusal(audio.code, [line(charger)])).toBe(
      `Coupon ${audio.code} applies only to audio: nothing in your cart is in that category.`,
    );
    const placed = await place([line(headphones), line(charger)], { couponCode: audio.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    // 10% of the headphones' ₹2,499 only, not of the charger.
    expect(order.charges).toEqual([{ kind: 'discount', label: `Discount (${audio.code})`, amount: -249.9 }]);
    expect(order.total).toBe(2499 + 549 - 249.9);
    // A parent category counts too.
    const electronics = await addCoupon({ kind: 'flat', flat: 50, categories: ['Electronics'] });
    const parent = Quote.parse((await quote({ lines: [line(charger)], couponCode: electronics.code })).json());
    expect(parent.discount).toBe(50);
  });

  it('per customer: once each; another shopper may still use it', async () => {
    const once = await addCoupon({ kind: 'flat', flat: 100, perCustomer: 1 });
    const buyer = await signUp(shop.app);
    const first = await place([line(headphones)], { couponCode: once.code }, buyer.token);
    expect(first.statusCode, first.body).toBe(201);
    expect(await refusal(once.code, [line(headphones)], buyer.token)).toBe(
      `Coupon ${once.code} can be used once per customer, and you have used it already.`,
    );
    // The quote of a signed-in shopper says so too; a guest's cannot know.
    expect((await quote({ lines: [line(headphones)], couponCode: once.code }, buyer.token)).statusCode).toBe(400);
    expect((await quote({ lines: [line(headphones)], couponCode: once.code })).statusCode).toBe(200);
    const other = await signUp(shop.app);
    expect((await place([line(headphones)], { couponCode: once.code }, other.token)).statusCode).toBe(201);
  });

  it('20 orders at once against a limit of 3: exactly 3 discounted, the rest refused and not placed', async () => {
    const three = await addCoupon({ kind: 'flat', flat: 100, limit: 3 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signUp(shop.app)));
    const before = await orderCount();
    const answers = await Promise.all(
      buyers.map((buyer) => place([line(headphones)], { couponCode: three.code }, buyer.token)),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const answer of placed) expect(Order.parse(answer.json()).total).toBe(2399);
    for (const answer of refused) {
      expect(answer.json()).toEqual(
        expect.objectContaining({ field: 'couponCode', error: `Coupon ${three.code} has been used up.` }),
      );
    }
    expect(await orderCount()).toBe(before + 3);
    const [listed] = (await shop.services.coupons.list(shop.storeId)).filter((coupon) => coupon.id === three.id);
    expect(listed?.used).toBe(3);
  });

  it('a cancelled or expired order gives its use back', async () => {
    const one = await addCoupon({ kind: 'flat', flat: 100, limit: 1 });
    const first = Order.parse((await place([line(headphones)], { couponCode: one.code })).json());
    expect(await refusal(one.code)).toBe(`Coupon ${one.code} has been used up.`);
    const cancelled = await http.post(`/orders/${first.id}/cancel`, { reason: 'ordered-by-mistake' }, shopper.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await place([line(headphones)], { couponCode: one.code });
    expect(again.statusCode, again.body).toBe(201);
    expect(Order.parse(again.json()).total).toBe(2399);

    // An unpaid order left to expire gives it back too.
    expect(await refusal(one.code)).toBe(`Coupon ${one.code} has been used up.`);
    const expired = await shop.services.orders.expireUnpaid(Date.now() + 30 * DAY_MS);
    expect(expired).toContain(Order.parse(again.json()).id);
    expect((await place([line(headphones)], { couponCode: one.code })).statusCode).toBe(201);

    // Each use given back is in the activity log, as adds and disables are: who, which order, the count.
    const logged = await shop.db
      .selectFrom('audit_log')
      .select(['actor', 'before_json', 'after_json'])
      .where('action', '=', 'coupon.use-returned')
      .where('subject', '=', `coupon:${one.code}`)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => entry.actor)).toEqual(['shopper', 'system']);
    expect(logged.map((entry) => JSON.parse(entry.before_json ?? 'null'))).toEqual([{ used: 1 }, { used: 1 }]);
    expect(logged.map((entry) => JSON.parse(entry.after_json ?? 'null'))).toEqual([
      { used: 0, order: first.id, discount: 100 },
      { used: 0, order: Order.parse(again.json()).id, discount: 100 },
    ]);
  });
});

describe('the invoice', () => {
  it('prints the discount as its own line, and its taxable value is after the discount', async () => {
    const coupon = await tenPercentAbove999();
    const order = Order.parse((await place([line(headphones)], { couponCode: coupon.code })).json());
    utr += 1;
    await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
      provider: 'upi',
      reference: String(utr),
    });
    const invoice = await shop.db
      .selectFrom('invoices')
      .select('document_json')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document_json);
    const after = splitInclusive(229_900, 18, true);
    expect(document.totals.total).toBe(229_900);
    // Line by line the rounding may move a paisa between taxable value and tax, never the total.
    expect(Math.abs(document.totals.taxable - after.taxable)).toBeLessThanOrEqual(1);
    expect(document.lines).toEqual([
      expect.objectContaining({ description: expect.any(String), total: 249_900, rate: 18 }),
      expect.objectContaining({ description: `Discount (${coupon.code})`, hsn: '85183000', total: -20_000, rate: 18 }),
    ]);
    expect(document.lines[1].taxable).toBeLessThan(0);

    // The PDF prints the same line (read back where poppler's pdftotext is installed).
    if (spawnSync('pdftotext', ['-v']).error === undefined) {
      const pdf = await http.get(`/orders/${order.id}/invoice`, shopper.token);
      expect(pdf.statusCode).toBe(200);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
      try {
        fs.writeFileSync(path.join(dir, 'invoice.pdf'), pdf.rawPayload);
        const text = spawnSync('pdftotext', ['-layout', path.join(dir, 'invoice.pdf'), '-'], {
          encoding: 'utf8',
        }).stdout;
        // The description may wrap onto a second line under its first word.
        expect(text).toMatch(/Discount\s.*85183000\s+1 NOS\s+-200\.00\s+-[\d,.]+.*-200\.00/);
        expect(text).toContain(`(${coupon.code})`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe('a discount on goods of two HSN codes', () => {
  it('is one line on the order, and on the invoice a line per HSN, each lowering its own taxable value', async () => {
    const coupon = await addCoupon({ kind: 'flat', flat: 300 });
    const placed = await place([line(headphones), line(charger)], { couponCode: coupon.code });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = Order.parse(placed.json());
    expect(order.charges).toEqual([{ kind: 'discount', label: `Discount (${coupon.code})`, amount: -300 }]);
    expect(order.total).toBe(2499 + 549 - 300);
    utr += 1;
    await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
      provider: 'upi',
      reference: String(utr),
    });
    const invoice = await shop.db
      .selectFrom('invoices')
      .select('document_json')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    const document = JSON.parse(invoice.document_json) as {
      lines: { hsn: string; total: number }[];
      totals: { total: number };
    };
    const discounts = document.lines.filter((each) => each.total < 0);
    expect(discounts.map((each) => each.hsn)).toEqual(['85183000', '85044030']);
    // Shared by value: ₹245.97 off the headphones' ₹2,499, ₹54.03 off the charger's ₹549.
    expect(discounts.map((each) => each.total)).toEqual([-24_597, -5_403]);
    expect(document.totals.total).toBe(274_800);

    // The GST books' HSN summary counts the pieces sold; the discount line lowers only value and tax.
    const books = await shop.services.invoices.gstr1(shop.storeId, istDay(Date.now()).slice(0, 7));
    const headphonesRow = books.hsnB2c.find((row) => row.hsn === '85183000' && row.figures.rate === 18);
    const ordersOfHeadphones = await shop.db
      .selectFrom('order_items')
      .innerJoin('invoices', 'invoices.order_id', 'order_items.order_id')
      .select(({ fn }) => fn.sum<number>('order_items.quantity').as('pieces'))
      .where('order_items.product_id', '=', headphones)
      .where('invoices.kind', '=', 'invoice')
      .executeTakeFirstOrThrow();
    expect(headphonesRow?.quantity).toBe(Number(ordersOfHeadphones.pieces));
  });
});

describe('the back office', () => {
  it('catalogue staff add and disable coupons (logged); read-only staff list them and cannot add', async () => {
    const member = await addStaff(shop, { role: 'catalogue' });
    const catalogue = adminClient(shop.app);
    expect((await catalogue.signIn(member.email, member.password)).statusCode).toBe(200);
    const looker = await addStaff(shop, { role: 'read-only' });
    const reader = adminClient(shop.app);
    expect((await reader.signIn(looker.email, looker.password)).statusCode).toBe(200);

    const terms = {
      code: 'DIWALI10',
      kind: 'percent',
      percent: 10,
      maxDiscount: 200,
      minOrder: 999,
      prepaidOnly: true,
    };
    const added = await catalogue.post('/admin/coupons', terms);
    expect(added.statusCode, added.body).toBe(201);
    const coupon = Coupon.parse(added.json());
    expect(coupon).toMatchObject({ ...terms, flat: null, used: 0, disabled: false, categories: [] });
    const twice = await catalogue.post('/admin/coupons', { ...terms, code: 'diwali10' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ field: 'code' });
    const noPercent = await catalogue.post('/admin/coupons', { code: 'HALF', kind: 'percent' });
    expect(noPercent.statusCode).toBe(400);
    expect(noPercent.json()).toMatchObject({ field: 'percent', error: 'A percent coupon needs percent.' });

    expect((await reader.post('/admin/coupons', { ...terms, code: 'READER' })).statusCode).toBe(403);
    const listed = CouponListResponse.parse((await reader.get('/admin/coupons')).json());
    expect(listed.data.find((each) => each.id === coupon.id)).toMatchObject({ code: 'DIWALI10' });

    const disabled = await catalogue.post(`/admin/coupons/${coupon.id}/disable`, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(Coupon.parse(disabled.json()).disabled).toBe(true);
    expect((await catalogue.post('/admin/coupons/NOSUCH/disable', {})).statusCode).toBe(404);
    const logged = await shop.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('subject', '=', 'coupon:DIWALI10')
      .orderBy('created_at')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual(['coupon.add', 'coupon.disable']);
    expect(logged[0]?.actor).toMatch(/^staff:/);
  });
});
