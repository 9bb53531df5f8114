import { PincodeAnswer } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

describe("India's PIN directory", () => {
  let shop: TestShop;
  let http: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await startShop();
    http = client(shop.app);
  });
  afterAll(async () => shop?.close());

  const lookUp = async (pin: string) => {
    const response = await http.get(`/pincodes/${pin}`);
    expect(response.statusCode, response.body).toBe(200);
    return PincodeAnswer.parse(response.json());
  };

  it.each([
    ['411038', 'Pune', 'Maharashtra', '27'],
    ['560001', 'Bangalore', 'Karnataka', '29'],
    ['110001', 'Central Delhi', 'Delhi', '07'],
    // Telangana, split from Andhra Pradesh in 2014
    ['500001', 'Hyderabad', 'Telangana', '36'],
    ['520001', 'Krishna', 'Andhra Pradesh', '37'],
    // Ladakh, a union territory since 2019
    ['194101', 'Leh', 'Ladakh', '38'],
    ['194103', 'Kargil', 'Ladakh', '38'],
    ['190001', 'Srinagar', 'Jammu and Kashmir', '01'],
    // Dadra and Nagar Haveli and Daman and Diu, merged in 2020
    ['396230', 'Dadra & Nagar Haveli', 'Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['396210', 'Daman', 'Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['362520', 'Diu', 'Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['605001', 'Pondicherry', 'Puducherry', '34'],
  ])('%s is in %s, %s (GST state code %s)', async (pin, district, state, stateCode) => {
    expect(await lookUp(pin)).toMatchObject({ pincode: pin, district, state, stateCode });
  });

  it("answers serviceable, cash on delivery by the store's rules (the demo's: everywhere), and an estimate as India-time days", async () => {
    const answer = await lookUp('411038');
    expect(answer).toMatchObject({ serviceable: true, cod: true });
    expect(answer.estimate?.earliest).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect((answer.estimate?.latest ?? '') >= (answer.estimate?.earliest ?? 'z')).toBe(true);
  });

  it('answers 404 for a PIN it does not know and 400 for one that is not a PIN', async () => {
    const unknown = await http.get('/pincodes/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'PIN code 999999 is not a PIN code we know. Please check it.' });
    for (const pin of ['abc', '12345', '041103', '4110380']) {
      const malformed = await http.get(`/pincodes/${pin}`);
      expect(malformed.statusCode, pin).toBe(400);
      expect(malformed.json()).toMatchObject({ error: 'PIN code must be 6 digits, not starting with 0.' });
    }
  });

  it('corrects an old directory to today’s states when a merchant imports it, and keeps the import over the shop’s file', async () => {
    const { pincodes } = shop.services;
    const result = await pincodes.importRows([
      { pincode: '500001', district: 'Hyderabad', state: 'ANDHRA PRADESH' },
      { pincode: '500002', district: 'K.V.Rangareddy', state: 'ANDHRA PRADESH' },
      { pincode: '522001', district: 'Guntur', state: 'ANDHRA PRADESH' },
      { pincode: '194101', district: 'Leh', state: 'JAMMU & KASHMIR' },
      { pincode: '396210', district: 'Daman', state: 'DAMAN & DIU' },
      { pincode: '396230', district: 'Silvassa', state: 'DADRA & NAGAR HAVELI' },
      { pincode: '999998', district: 'Testpur', state: 'Goa' },
    ]);
    expect(result.refused).toEqual([]);
    expect(result.added).toBe(1);
    expect((await pincodes.lookup('500001'))?.state).toBe('Telangana');
    expect((await pincodes.lookup('500002'))?.stateCode).toBe('36');
    expect((await pincodes.lookup('522001'))?.state).toBe('Andhra Pradesh');
    expect((await pincodes.lookup('194101'))?.state).toBe('Ladakh');
    expect((await pincodes.lookup('396210'))?.stateCode).toBe('26');
    expect(await pincodes.lookup('396230')).toMatchObject({ district: 'Silvassa', stateCode: '26' });
    expect((await lookUp('999998')).state).toBe('Goa');

    // A newer file of the shop's own does not undo what the merchant imported.
    await shop.db.updateTable('pincode_directory').set({ version: 0 }).execute();
    expect(await pincodes.ensureLoaded()).toBeGreaterThan(19_000);
    expect((await pincodes.lookup('396230'))?.district).toBe('Silvassa');
    expect(await pincodes.ensureLoaded()).toBe(0);
  });

  it('refuses a whole import with a bad row, naming each line', async () => {
    const result = await shop.services.pincodes.importRows([
      { pincode: '400001', district: 'Mumbai', state: 'Maharashtra' },
      { pincode: '40001', district: 'Mumbai', state: 'Maharashtra' },
      { pincode: '400002', district: '', state: 'Maharashtra' },
      { pincode: '400003', district: 'Mumbai', state: 'Bombay Presidency' },
    ]);
    expect(result.refused).toEqual([
      { line: 3, reason: '"40001" is not a PIN code: 6 digits, not starting with 0.' },
      { line: 4, reason: 'PIN 400002 has no district.' },
      { line: 5, reason: 'PIN 400003: "Bombay Presidency" is not a state or union territory of India.' },
    ]);
    expect(result.added + result.updated + result.unchanged).toBe(0);
  });

  describe('an order’s address is checked against its PIN', () => {
    let token: string;
    let productId: string;
    beforeAll(async () => {
      token = (await signUp(shop.app)).token;
      const [product] = await orderableProducts(shop.app, 5);
      if (!product) throw new Error('no product in stock');
      productId = product.id;
    });
    const order = (shippingAddress: Record<string, string>) =>
      http.post('/orders', { products: { [productId]: 1 }, shippingAddress }, token);

    it('refuses a state other than the PIN’s, naming postalCode and the PIN’s state', async () => {
      const before = await countRows(shop.db, 'orders');
      const response = await order({ ...validAddress, city: 'Pune', state: 'Karnataka', postalCode: '411038' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'postalCode',
        error: 'PIN code 411038 is in Maharashtra, not Karnataka. Please check the PIN code or choose Maharashtra.',
      });
      expect(await countRows(shop.db, 'orders')).toBe(before);
    });

    it('refuses a PIN it does not know, naming postalCode', async () => {
      const response = await order({ ...validAddress, postalCode: '999999' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'postalCode',
        error: 'PIN code 999999 is not a PIN code we know. Please check it.',
      });
    });

    it('takes the order when the state is the PIN’s', async () => {
      const response = await order({ ...validAddress, city: 'Pune', state: 'Maharashtra', postalCode: '411038' });
      expect(response.statusCode, response.body).toBe(201);
    });
  });
});
