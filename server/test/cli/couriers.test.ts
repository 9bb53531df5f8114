import fs from 'node:fs';
import path from 'node:path';
import { Order, OrderStatus } from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShiprocket, PDF } from '../fakes/shiprocket.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from '../harness.js';
import { type CliResult, type ScratchFolder, scratchFolder, storeCommand } from './cli-harness.js';

let shop: TestShop;
let fake: FakeShiprocket;
let files: ScratchFolder;
let store: (...argv: string[]) => Promise<CliResult>;

beforeAll(async () => {
  fake = await new FakeShiprocket().start();
  files = scratchFolder();
  shop = await startShop({
    couriers: { shiprocketApiUrl: fake.url, timeoutMs: 1000, labelsDir: path.join(files.dir, 'labels') },
  });
  store = storeCommand(shop, files.dir);
});
afterAll(async () => {
  await shop.close();
  await fake.stop();
  files.remove();
});

async function paidOrder(): Promise<Order> {
  const [product] = await orderableProducts(shop.app, 5);
  if (!product) throw new Error('no product');
  const shopper = await signUp(shop.app);
  const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
    products: { [product.id]: 1 },
    shippingAddress: validAddress,
  });
  const order = Order.parse(placed.json());
  expect((await store('orders', 'paid', order.id, '--utr', `8${String(Date.now()).slice(-11)}`)).code).toBe(0);
  return order;
}

describe('store couriers and orders ship --via', () => {
  it('ships by hand as before while no courier service is set, and says how to set one', async () => {
    expect((await store('couriers', 'show')).stdout).toContain('none (orders are shipped by hand)');
    const order = await paidOrder();
    const refused = await store('orders', 'ship', order.id, '--via', 'shiprocket');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('store couriers set --provider shiprocket');
    const byHand = await store('orders', 'ship', order.id, '--courier', 'DTDC', '--tracking', 'D1234567');
    expect(byHand.code, byHand.stderr).toBe(0);
  });

  it('keeps the settings with their secrets hidden, and names a bad one', async () => {
    const incomplete = await store('couriers', 'set', '--provider', 'shiprocket', '--email', fake.account.email);
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toContain('Shiprocket needs --password, --pickup-location, --webhook-token as well.');
    const badEmail = await store('couriers', 'set', '--provider', 'shiprocket', '--email', 'not-an-email');
    expect(badEmail.stderr).toContain("The Shiprocket API user's email must be an email address.");
    const unknown = await store('couriers', 'set', '--provider', 'bluedart');
    expect(unknown.stderr).toContain("'bluedart' is not a courier service");

    const set = await store(
      'couriers',
      'set',
      '--provider',
      'shiprocket',
      '--email',
      fake.account.email,
      '--password',
      fake.account.password,
      '--pickup-location',
      'Primary',
      '--webhook-token',
      'whk_0123456789abcdef',
      '--parcel-size',
      '25x20x8',
    );
    expect(set.code, set.stderr).toBe(0);
    const shown = await store('couriers', 'show');
    expect(shown.stdout).toContain('set (hidden)');
    expect(shown.stdout).not.toContain(fake.account.password);
    expect(shown.stdout).not.toContain('whk_0123456789abcdef');
    expect(shown.stdout).toMatch(/parcel-size\s+25x20x8/);
    expect(shown.stdout).toMatch(/parcel-weight\s+0\.5/);
  });

  it('books a Paid order, prints its AWB and writes its label', async () => {
    const order = await paidOrder();
    const shipped = await store('orders', 'ship', order.id, '--via', 'shiprocket');
    expect(shipped.code, shipped.stderr).toBe(0);
    const awb = fake.ordersFor(order.id)[0]?.awb ?? '';
    expect(shipped.stdout).toContain(`Order ${order.id} is now Shipped by Delhivery Surface, AWB ${awb}`);
    expect(fake.ordersFor(order.id)[0]?.body).toMatchObject({ length: 25, breadth: 20, height: 8 });
    const row = await shop.services.orders.findRow(shop.storeId, order.id);
    expect(row).toMatchObject({ status: OrderStatus.Shipped, tracking_number: awb });

    const label = await store('orders', 'label', order.id);
    expect(label.code, label.stderr).toBe(0);
    expect(fs.readFileSync(path.join(files.dir, `label-${order.id}.pdf`)).equals(PDF)).toBe(true);

    const twice = await store('orders', 'ship', order.id, '--via', 'shiprocket');
    expect(twice.code).toBe(0);
    expect(fake.ordersFor(order.id)).toHaveLength(1);
  });
});
