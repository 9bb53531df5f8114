import { Order, OrderStatus, PAYMENT_NOT_SET_UP, PaymentFieldsResponse, PaymentResponse } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { payuResponseHash } from '../src/modules/payments/providers/payu/index.js';
import { demoStoreInfo } from '../src/seed/demo-store.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress, withPayments } from './harness.js';

let shop: TestShop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

async function firstProduct(host?: string) {
  const [found] = await orderableProducts(shop.app, 6, host);
  if (!found) throw new Error('no product');
  return found;
}

describe('the payment provider is chosen, never assumed', () => {
  it('stops at start on a misspelled PAYMENT_PROVIDER, naming the providers', () => {
    for (const name of ['Payu', 'pay-u', 'paypal']) {
      expect(() => readConfig({ PAYMENT_PROVIDER: name })).toThrow(
        `'${name}' is not a payment provider. The providers are: sandbox, upi, razorpay, payu.`,
      );
    }
    expect(readConfig({ PAYMENT_PROVIDER: 'upi', UPI_VPA: 'shop@okaxis' }).payments).toEqual({
      provider: 'upi',
      settings: { upiVpa: 'shop@okaxis' },
    });
  });

  it('refuses to start a store whose provider lacks its settings', async () => {
    const store = await shop.services.stores.defaultStore();
    if (!store) throw new Error('no store');
    expect(() => shop.services.payments.checkStores([{ ...store, payment_provider: 'payu' }])).toThrow(
      'PayU needs its key, salt and address',
    );
    expect(shop.services.payments.checkStores([store])).toEqual([expect.stringContaining('sandbox gateway')]);
  });

  it('tells shoppers of the demo store that it is in test mode', async () => {
    const info = (await client(shop.app).get('/storeInfo')).json();
    expect(info.paymentMode).toBe('test');
  });

  it('gives a new store no online payment: shoppers can order and are told the shop will contact them', async () => {
    const store = await shop.services.stores.create(
      'newshop.example',
      { ...demoStoreInfo, storeName: 'New Shop' },
      {
        isDefault: false,
      },
    );
    await shop.services.catalog.importMany(store.id, [
      {
        sku: 'NS-1',
        title: 'Cat 6 cable',
        description: '',
        category: 'Cables',
        parentCategory: null,
        gender: null,
        regularPrice: 199,
        discountedPrice: null,
        stock: 10,
        hidden: false,
        images: [],
        attributes: [],
      },
    ]);
    const http = client(shop.app, { host: 'api.newshop.example' });
    expect((await http.get('/storeInfo')).json().paymentMode).toBe('none');
    expect(PaymentFieldsResponse.parse((await http.get('/payments/fields')).json())).toEqual({
      provider: 'none',
      fields: [],
      methods: [],
    });

    const registered = await http.post('/users/register', {
      email: 'buyer@newshop.example',
      password: 'correct horse',
      firstName: 'Ravi',
      lastName: 'Kumar',
    });
    expect(registered.statusCode).toBe(201);
    const { token } = (
      await http.post('/users/authorize', { email: 'buyer@newshop.example', password: 'correct horse' })
    ).json();
    const product = await firstProduct('api.newshop.example');
    const placed = await http.post('/orders', { products: { [product.id]: 1 }, shippingAddress: validAddress }, token);
    expect(placed.statusCode).toBe(201);
    const pay = await http.post('/payments', { orderId: placed.json().id, fields: {} }, token);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ error: PAYMENT_NOT_SET_UP });
  });
});

describe('PayU: pending, then the truth', () => {
  const payu = { payuKey: 'C0Dr8m', payuSalt: '3sf0jURk', payuUrl: 'https://test.payu.in/_payment' };

  it('moves the order when a pending txnid succeeds, and a later failure never undoes it', async () => {
    await withPayments(shop, 'payu', payu, async () => {
      const http = client(shop.app);
      const owner = await signUp(shop.app);
      const product = await firstProduct();
      const order = Order.parse(
        (
          await http.post('/orders', { products: { [product.id]: 1 }, shippingAddress: validAddress }, owner.token)
        ).json(),
      );
      const start = PaymentResponse.parse(
        (
          await http.post(
            '/payments',
            { orderId: order.id, fields: { fullName: 'Asha Rao', email: owner.email, phone: '+919845012345' } },
            owner.token,
          )
        ).json(),
      );
      const data = start.action?.formParams?.data ?? {};
      const callback = (status: string) => {
        const body: Record<string, string> = {
          key: payu.payuKey,
          txnid: data.txnid ?? '',
          amount: data.amount ?? '',
          productinfo: data.productinfo ?? '',
          firstname: data.firstname ?? '',
          email: data.email ?? '',
          udf1: order.id,
          status,
          ...(status === 'failure' ? { error_Message: 'Bank declined' } : {}),
        };
        return shop.app.inject({
          method: 'POST',
          url: '/api/v1/payments/payu/callback',
          headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...body, hash: payuResponseHash(body, payu.payuSalt) }).toString(),
        });
      };
      const statusOf = async () => Order.parse((await http.get(`/orders/${order.id}`, owner.token)).json()).status;

      const pending = await callback('pending');
      expect(pending.headers.location).toContain(`/order-success?orderId=${order.id}`);
      expect(await statusOf()).toBe(OrderStatus.Pending);

      await callback('success');
      expect(await statusOf()).toBe(OrderStatus.Processing);

      const late = await callback('failure');
      expect(late.headers.location).toContain(`/order-success?orderId=${order.id}`);
      expect(await statusOf()).toBe(OrderStatus.Processing);
      const payments = await shop.services.payments.listForOrder(shop.storeId, order.id);
      expect(payments).toEqual([expect.objectContaining({ status: 'success', needs_refund: 0 })]);
    });
  });
});
