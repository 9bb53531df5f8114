import { AccountExport, ADDRESS_BOOK_FULL, Order, SavedAddress, SavedAddressList } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND } from '../src/modules/accounts/addresses.js';
import { ADDRESS_NOT_SAVED, ADDRESS_SAVED } from '../src/modules/orders/service.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
let http: ReturnType<typeof client>;
let productId: string;

beforeAll(async () => {
  shop = await startShop();
  http = client(shop.app);
  const [product] = await orderableProducts(shop.app);
  productId = product?.id ?? '';
});
afterAll(() => shop.close());

const pune = { ...validAddress, address: '4, MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001' };

async function save(token: string, address: object = validAddress) {
  const answer = await http.post('/account/addresses', address, token);
  expect(answer.statusCode, answer.body).toBe(201);
  return SavedAddress.parse(answer.json());
}

async function book(token: string) {
  const answer = await http.get('/account/addresses', token);
  expect(answer.statusCode).toBe(200);
  return SavedAddressList.parse(answer.json());
}

const defaultOf = async (token: string) => (await book(token)).filter((address) => address.isDefault);

describe('saved addresses', () => {
  it('are saved, listed, changed and removed by their shopper, the phone kept as +91 and ten digits', async () => {
    const shopper = await signUp(shop.app);
    expect(await book(shopper.token)).toEqual([]);
    const home = await save(shopper.token);
    expect(home).toMatchObject({ ...validAddress, phone: '+919845012345', isDefault: true });
    expect(await book(shopper.token)).toEqual([home]);

    const changed = await http.patch(`/account/addresses/${home.id}`, { ...pune }, shopper.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(SavedAddress.parse(changed.json())).toMatchObject({ city: 'Pune', postalCode: '411001', isDefault: true });

    const named = await http.patch(`/account/addresses/${home.id}`, { fullName: 'Asha R.' }, shopper.token);
    expect(named.json()).toMatchObject({ fullName: 'Asha R.', city: 'Pune' });

    expect((await http.delete(`/account/addresses/${home.id}`, undefined, shopper.token)).statusCode).toBe(204);
    expect(await book(shopper.token)).toEqual([]);
  });

  it('need a signed-in shopper', async () => {
    expect((await http.get('/account/addresses')).statusCode).toBe(401);
    expect((await http.post('/account/addresses', validAddress)).statusCode).toBe(401);
  });

  it('are each shopper’s own: another’s address is not found, to read, change or remove', async () => {
    const one = await signUp(shop.app);
    const other = await signUp(shop.app);
    const theirs = await save(one.token);
    expect(await book(other.token)).toEqual([]);
    const change = await http.patch(`/account/addresses/${theirs.id}`, { city: 'Mysuru' }, other.token);
    expect(change.statusCode).toBe(404);
    expect(change.json().error).toBe(ADDRESS_NOT_FOUND);
    const remove = await http.delete(`/account/addresses/${theirs.id}`, undefined, other.token);
    expect(remove.statusCode).toBe(404);
    expect(await book(one.token)).toEqual([theirs]);
  });

  it('are checked as an order’s address: the PIN must be known and the state must be its own', async () => {
    const shopper = await signUp(shop.app);
    const mismatch = await http.post('/account/addresses', { ...pune, state: 'Karnataka' }, shopper.token);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      error: 'PIN code 411001 is in Maharashtra, not Karnataka. Please check the PIN code or choose Maharashtra.',
      field: 'postalCode',
    });
    const unknown = await http.post('/account/addresses', { ...validAddress, postalCode: '999999' }, shopper.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('postalCode');
    const badPhone = await http.post('/account/addresses', { ...validAddress, phone: '12345' }, shopper.token);
    expect(badPhone.statusCode).toBe(400);

    const home = await save(shopper.token);
    const moved = await http.patch(`/account/addresses/${home.id}`, { postalCode: '411001' }, shopper.token);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().field).toBe('postalCode');
    expect(await book(shopper.token)).toEqual([home]);
  });

  it('are at most ten, with a clear 400 past it', async () => {
    const shopper = await signUp(shop.app);
    for (let n = 1; n <= 10; n += 1) await save(shopper.token, { ...validAddress, address: `${n}, 4th Cross` });
    const eleventh = await http.post(
      '/account/addresses',
      { ...validAddress, address: '11, 4th Cross' },
      shopper.token,
    );
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().error).toBe(ADDRESS_BOOK_FULL);
    expect(await book(shopper.token)).toHaveLength(10);
  });
});

describe('the default address', () => {
  it('is the first saved, moves to the one made default, and to the newest left when it is removed', async () => {
    const shopper = await signUp(shop.app);
    const first = await save(shopper.token, { ...validAddress, address: 'First' });
    const second = await save(shopper.token, { ...validAddress, address: 'Second' });
    const third = await save(shopper.token, { ...validAddress, address: 'Third' });
    expect(second.isDefault).toBe(false);
    expect((await defaultOf(shopper.token)).map((address) => address.id)).toEqual([first.id]);

    const made = await http.patch(`/account/addresses/${second.id}`, { isDefault: true }, shopper.token);
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    expect((await defaultOf(shopper.token)).map((address) => address.id)).toEqual([second.id]);
    // The default comes first in the list.
    expect((await book(shopper.token))[0]?.id).toBe(second.id);

    const savedAsDefault = await save(shopper.token, { ...validAddress, address: 'Fourth', isDefault: true });
    expect((await defaultOf(shopper.token)).map((address) => address.id)).toEqual([savedAsDefault.id]);

    await http.delete(`/account/addresses/${savedAsDefault.id}`, undefined, shopper.token);
    expect((await defaultOf(shopper.token)).map((address) => address.id)).toEqual([third.id]);
    await http.delete(`/account/addresses/${first.id}`, undefined, shopper.token);
    expect((await defaultOf(shopper.token)).map((address) => address.id)).toEqual([third.id]);
  });
});

describe('an order’s address', () => {
  const order = (token: string, extra: object) =>
    http.post('/orders', { products: { [productId]: 1 }, shippingAddress: pune, ...extra }, token);

  it('is saved with the order when asked, once, and offered as the default', async () => {
    const shopper = await signUp(shop.app);
    const placed = await order(shopper.token, { saveAddress: true });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(Order.parse(placed.json()).addressSave).toEqual({ saved: true, message: ADDRESS_SAVED });
    expect(await book(shopper.token)).toEqual([
      expect.objectContaining({ ...pune, phone: '+919845012345', isDefault: true }),
    ]);
    // The same address again is not kept twice.
    expect((await order(shopper.token, { saveAddress: true })).statusCode).toBe(201);
    expect(await book(shopper.token)).toHaveLength(1);
  });

  it('is not saved unless asked', async () => {
    const shopper = await signUp(shop.app);
    const placed = await order(shopper.token, {});
    expect(placed.statusCode).toBe(201);
    expect(placed.json().addressSave).toBeUndefined();
    expect(await book(shopper.token)).toEqual([]);
  });

  it('past ten saved, the order still goes through and the answer says the address was not saved', async () => {
    const shopper = await signUp(shop.app);
    for (let n = 1; n <= 10; n += 1) await save(shopper.token, { ...validAddress, address: `${n}, 4th Cross` });
    const placed = await order(shopper.token, { saveAddress: true });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().addressSave).toEqual({ saved: false, message: ADDRESS_NOT_SAVED });
    expect(await book(shopper.token)).toHaveLength(10);
  });

  it('is not saved when the order is refused', async () => {
    const shopper = await signUp(shop.app);
    const refused = await order(shopper.token, { saveAddress: true, shippingAddress: { ...pune, state: 'Goa' } });
    expect(refused.statusCode).toBe(400);
    expect(await book(shopper.token)).toEqual([]);
  });
});

describe('a shopper’s data', () => {
  it('has the saved addresses in its copy, and erasing the account removes them', async () => {
    const shopper = await signUp(shop.app);
    const { id: userId } = (await http.get('/accountInfo', shopper.token)).json() as { id: string };
    await save(shopper.token, pune);
    const copy = AccountExport.parse((await http.post('/account/export', {}, shopper.token)).json());
    expect(copy.addresses).toEqual([{ ...pune, phone: '+919845012345' }]);

    const deleted = await http.delete('/account', { password: shopper.password }, shopper.token);
    expect(deleted.statusCode).toBe(200);
    const left = await shop.db.selectFrom('addresses').select('id').where('user_id', '=', userId).execute();
    expect(left).toEqual([]);
  });
});
