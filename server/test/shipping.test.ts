import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Order, OrderStatus, ShippingQuote, ShippingRules, type ShippingRulesInput } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeableGrams, shippingPaise } from '../src/modules/shipping/slabs.js';
import { zoneBetween } from '../src/modules/shipping/zones.js';
import { client, signUp, startShop, type TestShop, validAddress } from './harness.js';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
const withPdftotext = hasPdftotext ? it : it.skip;

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, pdf);
    const result = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Courier-like rules: a price per zone and slab, free from ₹999. */
const COURIER_RULES: ShippingRulesInput = {
  freeFrom: 999,
  slabs: [
    {
      upToGrams: 500,
      price: { withinCity: 30, withinState: 40, metroToMetro: 50, restOfIndia: 60, northEastAndJk: 90 },
    },
    { upToGrams: 1000, price: 100 },
    { price: 200 },
  ],
  defaultWeightGrams: 400,
};
const courier = ShippingRules.parse(COURIER_RULES);
const packed = (weight: number | null, size: [number, number, number] | null = null) => ({
  weight_grams: weight,
  length_cm: size?.[0] ?? null,
  breadth_cm: size?.[1] ?? null,
  height_cm: size?.[2] ?? null,
});
const SELLER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka

describe('shipping charged the way couriers bill', () => {
  let shop: TestShop;
  let http: ReturnType<typeof client>;
  let shopper: Awaited<ReturnType<typeof signUp>>;
  /** Demo products: one at ₹349 and one at ₹2,499 (each at its selling price). */
  let cheap: string;
  let dear: string;

  beforeAll(async () => {
    shop = await startShop();
    http = client(shop.app);
    shopper = await signUp(shop.app);
    const products = await shop.db
      .selectFrom('products')
      .select(['id', 'effective_price', 'stock', 'attributes_json'])
      .where('store_id', '=', shop.storeId)
      .where('stock', '>=', 20)
      .execute();
    const noSizes = products.filter((p) => !/"Size"/i.test(p.attributes_json));
    cheap = noSizes[0]?.id ?? '';
    dear = noSizes[1]?.id ?? '';
    if (!cheap || !dear) throw new Error('the demo store has too few products in stock');
    // The issue's check: a ₹349 item and a ₹2,499 one (the demo sells such; set here so the test says so).
    await shop.db
      .updateTable('products')
      .set({ regular_price: 39900, discounted_price: 34900, effective_price: 34900, gst_rate: 18 })
      .where('id', '=', cheap)
      .execute();
    await shop.db
      .updateTable('products')
      .set({ regular_price: 249900, discounted_price: null, effective_price: 249900, gst_rate: 18 })
      .where('id', '=', dear)
      .execute();
  });
  afterAll(async () => shop?.close());

  /** A PIN as the directory places it. */
  const pin = async (code: string) => {
    const known = await shop.services.pincodes.lookup(code);
    if (!known) throw new Error(`PIN ${code} is not in the directory`);
    return known;
  };

  it.each([
    ['560025', '560001', 'withinCity'], // Bengaluru to Bengaluru
    ['110001', '110017', 'withinCity'], // Central Delhi to South Delhi: one city
    ['560025', '570001', 'withinState'], // Bengaluru to Mysuru
    ['560025', '411038', 'metroToMetro'], // Bengaluru to Pune
    ['560025', '500001', 'metroToMetro'], // Bengaluru to Hyderabad (Telangana)
    ['560025', '110001', 'metroToMetro'], // Bengaluru to Delhi
    ['560025', '302001', 'restOfIndia'], // Bengaluru to Jaipur
    ['302001', '411038', 'restOfIndia'], // Jaipur to Pune: only one metro
    ['560025', '781001', 'northEastAndJk'], // Guwahati
    ['560025', '190001', 'northEastAndJk'], // Srinagar
    ['560025', '194101', 'northEastAndJk'], // Leh, Ladakh
    ['560025', '744101', 'northEastAndJk'], // Port Blair
    ['781001', '781005', 'withinCity'], // within Guwahati stays local
  ])('from %s to %s is %s', async (from, to, zone) => {
    expect(zoneBetween(await pin(from), await pin(to))).toBe(zone);
  });

  it('weighs the greater of dead and volumetric weight, added up over the order, and prices by slab at the edges', () => {
    const defaults = { defaultWeightGrams: 400 };
    // 30 × 20 × 10 cm is 6,000 cm³ / 5,000 = 1.2 kg: more than its 300 g.
    expect(chargeableGrams([{ product: packed(300, [30, 20, 10]), quantity: 1 }], defaults)).toBe(1200);
    expect(chargeableGrams([{ product: packed(300, [10, 10, 5]), quantity: 2 }], defaults)).toBe(600);
    // No weight of its own: the store's default, per piece.
    expect(chargeableGrams([{ product: packed(null), quantity: 3 }], defaults)).toBe(1200);
    const price = (grams: number, zone = 'metroToMetro' as const) =>
      shippingPaise(courier, { itemsTotal: 50000, zone, grams });
    expect(price(500)).toBe(5000); // exactly at the edge: the lighter slab
    expect(price(501)).toBe(10000);
    expect(price(1000)).toBe(10000);
    expect(price(1001)).toBe(20000);
    expect(price(99_000)).toBe(20000); // the open last slab
    expect(shippingPaise(courier, { itemsTotal: 50000, zone: 'northEastAndJk', grams: 100 })).toBe(9000);
    expect(shippingPaise(courier, { itemsTotal: 50000, zone: 'withinCity', grams: 100 })).toBe(3000);
  });

  it('is free from the threshold: ₹998.99 pays, ₹999 does not', () => {
    const at = (itemsTotal: number) => shippingPaise(courier, { itemsTotal, zone: 'restOfIndia', grams: 100 });
    expect(at(99899)).toBe(6000);
    expect(at(99900)).toBe(0);
    expect(
      shippingPaise(ShippingRules.parse({ slabs: [{ price: 79 }] }), {
        itemsTotal: 10 ** 9,
        zone: 'withinCity',
        grams: 1,
      }),
    ).toBe(7900);
  });

  it('refuses rules that do not add up, naming the field', () => {
    const problems = (input: unknown) =>
      ShippingRules.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    expect(problems({ slabs: [{ upToGrams: 500, price: 49 }] })).toEqual([
      'slabs.0.upToGrams: The last slab takes every heavier parcel: leave out its upToGrams.',
    ]);
    expect(problems({ slabs: [{ upToGrams: 500, price: 49 }, { upToGrams: 400, price: 59 }, { price: 1 }] })).toEqual([
      'slabs.1.upToGrams: Slabs must rise: each upToGrams above the one before.',
    ]);
    expect(problems({ freeFrom: -1, slabs: [{ price: 49 }] })).toEqual(['freeFrom: freeFrom cannot be negative.']);
    expect(problems({ slabs: [] })).toEqual(['slabs: slabs needs at least one slab.']);
    expect(problems({ slabs: [{ price: 49 }], originPincode: '041103' })[0]).toContain('originPincode');
  });

  it('quotes a cart to a PIN: the demo store’s ₹79 below ₹999, nothing from ₹999', async () => {
    const quote = async (items: { productId: string; quantity: number }[], pincode: string) => {
      const response = await http.post('/shipping/quote', { items, pincode });
      expect(response.statusCode, response.body).toBe(200);
      return ShippingQuote.parse(response.json());
    };
    expect(await quote([{ productId: cheap, quantity: 1 }], '411038')).toMatchObject({
      charge: 79,
      freeFrom: 999,
      zone: 'metroToMetro',
    });
    expect(await quote([{ productId: dear, quantity: 1 }], '560001')).toMatchObject({ charge: 0, freeFrom: 999 });
    expect(await quote([{ productId: cheap, quantity: 3 }], '560001')).toMatchObject({ charge: 0 });

    const malformed = await http.post('/shipping/quote', {
      items: [{ productId: cheap, quantity: 1 }],
      pincode: '12345',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'pincode' });
    const unknown = await http.post('/shipping/quote', {
      items: [{ productId: cheap, quantity: 1 }],
      pincode: '999999',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'PIN code 999999 is not a PIN code we know. Please check it.' });
    const empty = await http.post('/shipping/quote', { items: [], pincode: '560001' });
    expect(empty.statusCode).toBe(400);
  });

  it('puts shipping in the order’s total as a charge line: ₹349 costs ₹428 delivered, ₹2,499 costs ₹2,499', async () => {
    const place = async (productId: string) => {
      const response = await http.post(
        '/orders',
        { products: { [productId]: 1 }, shippingAddress: validAddress, total: 1 },
        shopper.token,
      );
      expect(response.statusCode, response.body).toBe(201);
      return Order.parse(response.json());
    };
    const small = await place(cheap);
    expect(small.total).toBe(428);
    expect(small.charges).toEqual([{ kind: 'shipping', label: 'Shipping', amount: 79 }]);
    const big = await place(dear);
    expect(big.total).toBe(2499);
    expect(big.charges).toEqual([]);
    // The list and the tracking answer say the same.
    const mine = (await http.get('/orders', shopper.token)).json() as Order[];
    expect(mine.find((order) => order.id === small.id)?.charges).toEqual(small.charges);
    const row = await shop.db
      .selectFrom('order_charges')
      .selectAll()
      .where('order_id', '=', small.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ kind: 'shipping', amount: 7900, sac: '996812', position: 0 });
    expect(Number(row?.gst_rate)).toBe(18);
  });

  it('charges by zone and weight as the merchant set, and the server works the charge out itself', async () => {
    await shop.services.shipping.setRules(shop.storeId, COURIER_RULES);
    try {
      await shop.db.updateTable('products').set({ weight_grams: 700 }).where('id', '=', cheap).execute();
      const response = await http.post(
        '/orders',
        {
          products: { [cheap]: 1 },
          shippingAddress: { ...validAddress, city: 'Guwahati', state: 'Assam', postalCode: '781001' },
        },
        shopper.token,
      );
      expect(response.statusCode, response.body).toBe(201);
      // 700 g is the ₹100 slab, whatever the zone.
      expect(Order.parse(response.json())).toMatchObject({ total: 449, charges: [{ amount: 100 }] });
      await shop.db.updateTable('products').set({ weight_grams: 200 }).where('id', '=', cheap).execute();
      const far = await http.post(
        '/orders',
        {
          products: { [cheap]: 1 },
          shippingAddress: { ...validAddress, city: 'Guwahati', state: 'Assam', postalCode: '781001' },
        },
        shopper.token,
      );
      expect(Order.parse(far.json())).toMatchObject({ total: 439, charges: [{ amount: 90 }] });
    } finally {
      await shop.db.updateTable('products').set({ weight_grams: null }).where('id', '=', cheap).execute();
      await shop.services.shipping.setRules(shop.storeId, { freeFrom: 999, slabs: [{ price: 79 }] });
    }
  });

  withPdftotext(
    'prints shipping on the invoice under SAC 996812 at the goods’ rate, and refunds it with a cancelled order',
    async () => {
      await shop.db
        .updateTable('stores')
        .set({ gstin: SELLER_GSTIN, legal_name: 'NetKart Technologies Private Limited' })
        .where('id', '=', shop.storeId)
        .execute();
      try {
        // Pune from a Karnataka seller: IGST on the goods and on the shipping alike.
        const placed = await http.post(
          '/orders',
          {
            products: { [cheap]: 1 },
            shippingAddress: { ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411038' },
          },
          shopper.token,
        );
        const order = Order.parse(placed.json());
        expect(order.total).toBe(428);
        await shop.services.payments.recordManualPayment(shop.storeId, order.id, {
          provider: 'upi',
          reference: '700000000001',
        });
        const invoice = await http.get(`/orders/${order.id}/invoice`, shopper.token);
        expect(invoice.statusCode).toBe(200);
        const text = pdfText(invoice.rawPayload);
        // ₹79 at 18% inclusive: ₹66.95 taxable and ₹12.05 IGST.
        expect(text).toMatch(/^\s*2\s+Shipping\s+996812\s+1 NOS\s+79\.00\s+66\.95\s+18(\.00)?%\s+12\.05\s+79\.00\s*$/m);
        expect(text).toMatch(/₹428\.00/);
        expect(text).not.toMatch(/CGST\s+₹/);

        // Within Karnataka: CGST and SGST halves.
        const local = Order.parse(
          (
            await http.post('/orders', { products: { [cheap]: 1 }, shippingAddress: validAddress }, shopper.token)
          ).json(),
        );
        await shop.services.payments.recordManualPayment(shop.storeId, local.id, {
          provider: 'upi',
          reference: '700000000002',
        });
        const localText = pdfText((await http.get(`/orders/${local.id}/invoice`, shopper.token)).rawPayload);
        expect(localText).toMatch(
          /^\s*2\s+Shipping\s+996812\s+1 NOS\s+79\.00\s+66\.96\s+9(\.00)?%\s+6\.02\s+9(\.00)?%\s+6\.02\s+79\.00\s*$/m,
        );

        // Cancelled after payment: the credit note and the email refund the whole total, shipping too.
        await shop.services.orders.move(shop.storeId, order.id, OrderStatus.Cancelled, {
          cancelReason: 'Out of stock',
        });
        const credit = await shop.db
          .selectFrom('invoices')
          .select('total')
          .where('order_id', '=', order.id)
          .where('kind', '=', 'credit-note')
          .executeTakeFirst();
        expect(Number(credit?.total)).toBe(42800);
        const mail = await shop.db
          .selectFrom('outbox')
          .select('text')
          .where('kind', '=', 'order.cancelled')
          .where('subject', 'like', `%${order.id}%`)
          .executeTakeFirst();
        expect(mail?.text).toContain('Your payment of ₹428.00 will be refunded');
        expect(mail?.text).toContain('Shipping: ₹79.00');
      } finally {
        await shop.db
          .updateTable('stores')
          .set({ gstin: null, legal_name: null })
          .where('id', '=', shop.storeId)
          .execute();
      }
    },
  );
});
