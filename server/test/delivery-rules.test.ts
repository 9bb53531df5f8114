import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DeliveryRules, deliveryByText, type Order, PincodeAnswer } from '@netkart/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MailSender } from '../src/modules/messages/sender.js';
import { defaultDeliveryRules, deliveryTo, dispatchDay } from '../src/modules/pincodes/delivery.js';
import { readDeliveryRules } from '../src/modules/pincodes/delivery-file.js';
import { DeliveryRulesService } from '../src/modules/pincodes/delivery-rules.js';
import { client, countRows, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';
import { type SmtpPeer, startSmtpPeer } from './smtp-peer.js';

/** An instant given as India time (UTC+05:30). */
const india = (dayAndTime: string) => new Date(`${dayAndTime}:00+05:30`);

const RULES: DeliveryRules = {
  serviceable: 'zones',
  zones: [
    { name: 'One PIN', pincodes: ['411038'], prefixes: [], states: [], transitDays: { min: 1, max: 1 } },
    { name: 'Bengaluru', pincodes: [], prefixes: ['560'], states: [], transitDays: { min: 2, max: 3 } },
    { name: 'Maharashtra', pincodes: [], prefixes: [], states: ['Maharashtra'], transitDays: { min: 4, max: 6 } },
  ],
  dispatchDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  cutoff: '14:00',
  holidays: ['2026-12-25'],
};

describe('the delivery promise from a store’s rules', () => {
  // Wednesday 2 December 2026.
  it('dispatches today before the cut-off and the next working day after it', () => {
    expect(dispatchDay(RULES, india('2026-12-02T13:59'))).toBe('2026-12-02');
    expect(dispatchDay(RULES, india('2026-12-02T14:00'))).toBe('2026-12-03');
    // 23:30 UTC on the 1st is already the 2nd in India, before the cut-off.
    expect(dispatchDay(RULES, new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-02');
  });

  it('skips Sunday unless it is a dispatch day, and the merchant’s holidays', () => {
    // Saturday 5 December after the cut-off: Sunday is skipped, Monday it is.
    expect(dispatchDay(RULES, india('2026-12-05T15:00'))).toBe('2026-12-07');
    expect(dispatchDay(RULES, india('2026-12-06T09:00'))).toBe('2026-12-07');
    expect(dispatchDay({ ...RULES, dispatchDays: [...RULES.dispatchDays, 'Sun'] }, india('2026-12-05T15:00'))).toBe(
      '2026-12-06',
    );
    // Thursday 24 December after the cut-off: Friday the 25th is a holiday.
    expect(dispatchDay(RULES, india('2026-12-24T16:00'))).toBe('2026-12-26');
    // Only Mondays and Fridays, and that Friday a holiday.
    expect(dispatchDay({ ...RULES, dispatchDays: ['Mon', 'Fri'] }, india('2026-12-22T10:00'))).toBe('2026-12-28');
  });

  it('matches a zone by the whole PIN, a prefix or the state, in the order written', () => {
    const now = india('2026-12-02T10:00');
    expect(deliveryTo(RULES, { pincode: '411038', state: 'Maharashtra' }, now).estimate).toEqual({
      earliest: '2026-12-03',
      latest: '2026-12-03',
    });
    expect(deliveryTo(RULES, { pincode: '560001', state: 'Karnataka' }, now).estimate).toEqual({
      earliest: '2026-12-04',
      latest: '2026-12-05',
    });
    expect(deliveryTo(RULES, { pincode: '400001', state: 'Maharashtra' }, now)).toEqual({
      serviceable: true,
      cod: false,
      estimate: { earliest: '2026-12-06', latest: '2026-12-08' },
    });
  });

  it('serves no PIN outside its zones when it delivers to zones only; everywhere with other transit days when "all"', () => {
    const now = india('2026-12-02T10:00');
    expect(deliveryTo(RULES, { pincode: '110001', state: 'Delhi' }, now)).toEqual({
      serviceable: false,
      cod: false,
      estimate: null,
    });
    const everywhere = { ...RULES, serviceable: 'all' as const, otherTransitDays: { min: 5, max: 7 } };
    expect(deliveryTo(everywhere, { pincode: '110001', state: 'Delhi' }, now).estimate).toEqual({
      earliest: '2026-12-07',
      latest: '2026-12-09',
    });
  });

  it('by default delivers everywhere: the shop’s state, metros, the far states and the rest', () => {
    const rules = defaultDeliveryRules('Karnataka');
    const now = india('2026-12-02T10:00');
    const days = (pincode: string, state: string) => deliveryTo(rules, { pincode, state }, now).estimate;
    expect(days('560001', 'Karnataka')).toEqual({ earliest: '2026-12-04', latest: '2026-12-05' });
    expect(days('400001', 'Maharashtra')).toEqual({ earliest: '2026-12-05', latest: '2026-12-06' });
    expect(days('411038', 'Maharashtra')).toEqual({ earliest: '2026-12-06', latest: '2026-12-08' });
    expect(days('194101', 'Ladakh')).toEqual({ earliest: '2026-12-08', latest: '2026-12-11' });
    expect(days('781001', 'Assam')).toEqual({ earliest: '2026-12-08', latest: '2026-12-11' });
  });

  it('checks a rules file and names each bad field', () => {
    const read = readDeliveryRules(
      JSON.stringify({
        serviceable: 'some',
        zones: [
          { name: 'X', prefixes: ['56'], transitDays: { min: 4, max: 2 } },
          { name: 'Y', states: ['Bombay'], transitDays: { min: 1, max: 2 } },
        ],
        dispatchDays: ['Monday'],
        cutoff: '2pm',
        holidays: ['2026-02-30'],
      }),
    );
    expect(read).toEqual({
      problems: expect.arrayContaining([
        'serviceable: serviceable must be "all" or "zones".',
        'zones.0.prefixes.0: prefixes: each prefix is 3 to 5 digits, not starting with 0.',
        'zones.0.transitDays: transitDays.min cannot be more than transitDays.max.',
        'zones.1.states.0: states: "Bombay" is not a state or union territory of India as GST names it.',
        'dispatchDays.0: dispatchDays: each day is one of Sun, Mon, Tue, Wed, Thu, Fri, Sat.',
        'cutoff: cutoff must be a time of day in India time, like "14:00".',
        'holidays.0: holidays: each day is a date written YYYY-MM-DD.',
      ]),
    });
    expect(readDeliveryRules('{')).toMatchObject({ problems: [expect.stringContaining('not valid JSON')] });
    expect(readDeliveryRules(JSON.stringify(RULES))).toEqual({ rules: RULES });
  });
});

describe('a store’s delivery rules in the shop', () => {
  let shop: TestShop;
  let http: ReturnType<typeof client>;
  let storeId: string;
  let token: string;
  let productId: string;
  let peer: SmtpPeer;
  let outboxDir: string;

  beforeAll(async () => {
    shop = await startShop();
    http = client(shop.app);
    peer = await startSmtpPeer();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-outbox-'));
    const store = await shop.services.stores.defaultStore();
    if (!store) throw new Error('no default store');
    storeId = store.id;
    token = (await signUp(shop.app)).token;
    const [product] = await orderableProducts(shop.app, 5);
    if (!product) throw new Error('no product in stock');
    productId = product.id;
  });
  afterAll(async () => {
    await peer?.close();
    await shop?.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await shop.services.delivery.clearRules(storeId);
  });

  const lookUp = async (pin: string) => {
    const response = await http.get(`/pincodes/${pin}`);
    expect(response.statusCode, response.body).toBe(200);
    return PincodeAnswer.parse(response.json());
  };
  const order = (shippingAddress: Record<string, string>) =>
    http.post('/orders', { lines: [{ productId, quantity: 1 }], shippingAddress }, token);
  const pune = { ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411038' };

  it('answers the PIN’s promise from the demo store’s default rules (Karnataka: its own state 2–3 days)', async () => {
    const { rules, own } = await shop.services.delivery.rulesOf(storeId);
    expect(own).toBe(false);
    const answer = await lookUp('560001');
    // The demo store takes cash on delivery everywhere it delivers.
    expect(answer).toMatchObject({ serviceable: true, cod: true });
    expect(answer.estimate).toEqual(deliveryTo(rules, { pincode: '560001', state: 'Karnataka' }).estimate);
  });

  it('an injected clock decides the day', async () => {
    const atNoon = new DeliveryRulesService(
      shop.db,
      shop.services.pincodes,
      async () => 'Karnataka',
      () => india('2026-12-05T15:00'),
    );
    expect(await atNoon.promiseFor(storeId, '560001')).toMatchObject({
      state: 'Karnataka',
      serviceable: true,
      estimate: { earliest: '2026-12-09', latest: '2026-12-10' },
    });
  });

  it('keeps the merchant’s rules: an unserviceable PIN answers serviceable false and no estimate', async () => {
    await shop.services.delivery.setRules(storeId, RULES);
    expect(await shop.services.delivery.rulesOf(storeId)).toEqual({ rules: RULES, own: true });
    expect(await lookUp('110001')).toMatchObject({ state: 'Delhi', serviceable: false, estimate: null });
    expect((await lookUp('411038')).serviceable).toBe(true);
  });

  it('refuses an order to a PIN the store does not serve, naming postalCode, and writes nothing', async () => {
    await shop.services.delivery.setRules(storeId, { ...RULES, zones: RULES.zones.slice(1, 2) });
    const before = await countRows(shop.db, 'orders');
    const response = await order(pune);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'postalCode',
      error: 'We do not deliver to 411038 yet. Please choose an address with another PIN code.',
    });
    expect(await countRows(shop.db, 'orders')).toBe(before);
  });

  it('keeps the promise with the order, shows it in My Orders, and mails it', async () => {
    await shop.db.deleteFrom('outbox').execute();
    const expected = (await lookUp('411038')).estimate;
    const response = await order(pune);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json() as Order;
    expect(placed.deliveryEstimate).toEqual(expected);
    // The rules change later; the order keeps what it was promised.
    await shop.services.delivery.setRules(storeId, { ...RULES, zones: RULES.zones.slice(1, 2) });
    const mine = (await http.get('/orders', token)).json() as Order[];
    expect(mine.find((one) => one.id === placed.id)?.deliveryEstimate).toEqual(expected);

    const sender = new MailSender(shop.services.outbox, shop.services.stores, { smtpUrl: peer.url, outboxDir });
    try {
      expect(await sender.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    } finally {
      sender.close();
    }
    if (!expected) throw new Error('no estimate');
    const line = deliveryByText(expected);
    expect(line).toMatch(/^Delivery by (Sun|Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
    const toShopper = peer.received.find((mail) => mail.subject.startsWith(`Order ${placed.id} placed`));
    expect(toShopper?.text).toContain(`${line} (estimated)`);
    expect(toShopper?.html).toContain(`${line} (estimated)`);
    const toMerchant = peer.received.find((mail) => mail.subject.startsWith(`New order ${placed.id}`));
    expect(toMerchant?.text).toContain(line);
  });
});
