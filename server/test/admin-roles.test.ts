import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AdminOrder,
  AdminOrderListResponse,
  AdminProduct,
  Order,
  type Product,
  ROLE_POWERS,
  STAFF_ROLES,
  type StaffRole,
  StaffSession,
} from '@netkart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/http/paths.js';
import { ROUTE_POWERS } from '../src/modules/admin/permissions.js';
import { addStaff, adminClient } from './admin-harness.js';
import { client, orderableProducts, signUp, startShop, type TestShop, validAddress } from './harness.js';

let shop: TestShop;
const staff = {} as Record<StaffRole, ReturnType<typeof adminClient>>;

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-roles-media-'));

beforeAll(async () => {
  shop = await startShop({ app: { merchantMediaDir: mediaDir } });
  for (const role of STAFF_ROLES) {
    const { email, password } = await addStaff(shop, { role });
    staff[role] = adminClient(shop.app);
    expect((await staff[role].signIn(email, password)).statusCode).toBe(200);
  }
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** Every route the back office answers, as Fastify registered it (`METHOD /admin/…`, HEAD left out). */
function adminRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of shop.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(\S+) \(([^)]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.join('')}${match[2]}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD' && path.startsWith(`${API_PREFIX}/admin`)) {
        routes.push(`${method} ${path.slice(API_PREFIX.length)}`);
      }
    }
  }
  return routes;
}

/** An address for the route: its parameters given values that name nothing. */
const addressOf = (path: string) =>
  path.replace(/:(\w+)/g, (_, name: string) => (name === 'email' ? 'nobody@netkart.in' : 'NK-NOTHING'));

describe('the table of roles and back-office calls', () => {
  it('has a line for every back-office route, and no line for a route that is not there', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((route) => !(route in ROUTE_POWERS))).toEqual([]);
    expect(Object.keys(ROUTE_POWERS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('lets each role make exactly the calls its powers allow, and refuses the rest with 403 naming the role', async () => {
    // Signing out is walked last, so that every other call is made signed in.
    const routes = adminRoutes().sort(
      (a, b) => Number(a === 'DELETE /admin/session') - Number(b === 'DELETE /admin/session'),
    );
    const wrong: string[] = [];
    for (const role of STAFF_ROLES) {
      for (const route of routes) {
        const [method = 'GET', path = ''] = route.split(' ');
        const power = ROUTE_POWERS[route];
        const allowed = power !== undefined && ROLE_POWERS[role].includes(power);
        const answer = await staff[role].send(
          method as 'GET',
          addressOf(path),
          method === 'GET' || method === 'DELETE' ? undefined : {},
        );
        const refused = answer.statusCode === 403 && /^Your role \(/.test(answer.json().error ?? '');
        if (refused === allowed)
          wrong.push(`${role}: ${route} answered ${answer.statusCode} ${answer.body.slice(0, 120)}`);
        if (refused) expect(answer.json().error).toMatch(new RegExp(`^Your role \\(${role}\\) cannot `));
        expect(answer.statusCode, `${role}: ${route}`).toBeLessThan(500);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('each role at work', () => {
  let product: Product;
  beforeAll(async () => {
    for (const role of STAFF_ROLES) {
      const { email, password } = await addStaff(shop, { role });
      staff[role] = adminClient(shop.app);
      await staff[role].signIn(email, password);
    }
    const [found] = await orderableProducts(shop.app, 5);
    if (!found) throw new Error('no product with stock');
    product = found;
  });

  const priceChange = async (role: StaffRole) => {
    const current = AdminProduct.parse((await staff[role].get(`/admin/products/${product.id}`)).json());
    const { id, createdAt, updatedAt, ...record } = current;
    return staff[role].send('PUT', `/admin/products/${id}`, {
      product: { ...record, regularPrice: 99, discountedPrice: null },
      updatedAt,
    });
  };

  it('refuses a price change to the orders and read-only roles, and the price stays', async () => {
    for (const role of ['orders', 'read-only'] as const) {
      const answer = await priceChange(role);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ error: `Your role (${role}) cannot change the catalogue, prices or stock.` });
    }
    const seen = (await client(shop.app).get(`/products/${product.id}`)).json() as Product;
    expect(seen.regularPrice).toBe(product.regularPrice);
  });

  it('lets the catalogue role change a price, and refuses it the orders', async () => {
    expect((await priceChange('catalogue')).statusCode).toBe(200);
    const seen = (await client(shop.app).get(`/products/${product.id}`)).json() as Product;
    expect(seen.regularPrice).toBe(99);
    const orders = await staff.catalogue.get('/admin/orders');
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toEqual({ error: 'Your role (catalogue) cannot see orders, reports or invoices.' });
  });

  it('tells the back office which role signed in', async () => {
    for (const role of STAFF_ROLES) {
      expect(StaffSession.parse((await staff[role].get('/admin/session')).json()).role).toBe(role);
    }
  });

  it('lets read-only read orders and the GST books but move nothing', async () => {
    expect((await staff['read-only'].get('/admin/orders')).statusCode).toBe(200);
    expect((await staff['read-only'].get('/admin/reports/gst?month=2027-01')).statusCode).not.toBe(403);
    const cancel = await staff['read-only'].post('/admin/orders/NK-NOTHING/cancel', { updatedAt: 'x' });
    expect(cancel.json()).toEqual({
      error: 'Your role (read-only) cannot change orders, shipping, returns or refunds.',
    });
  });
});

describe('finding an order', () => {
  let order: Order;
  const owner = () => staff.owner;

  beforeAll(async () => {
    const [product] = await orderableProducts(shop.app, 5);
    if (!product) throw new Error('no product with stock');
    const shopper = await signUp(shop.app);
    const placed = await client(shop.app, { token: shopper.token }).post('/orders', {
      products: { [product.id]: 1 },
      shippingAddress: { ...validAddress, fullName: 'Meenakshi Sundaram_Iyer', phone: '+91 91234 56780' },
    });
    expect(placed.statusCode).toBe(201);
    order = Order.parse(placed.json());
    // Another shopper, to show a search finds only its own.
    const other = await signUp(shop.app);
    await client(shop.app, { token: other.token }).post('/orders', {
      products: { [product.id]: 1 },
      shippingAddress: { ...validAddress, fullName: 'Ravi Kumar', phone: '+91 99887 76655' },
    });
    const seen = (await owner().get(`/admin/orders/${order.id}`)).json() as AdminOrder;
    const paid = (
      await owner().post(`/admin/orders/${order.id}/paid`, {
        updatedAt: seen.updatedAt,
        reference: '412345678901',
      })
    ).json() as AdminOrder;
    const shipped = await owner().post(`/admin/orders/${order.id}/ship`, {
      updatedAt: paid.updatedAt,
      shipment: { courier: 'Delhivery', trackingNumber: 'DLV7788990011' },
    });
    expect(shipped.statusCode).toBe(200);
  });

  const found = async (q: string, as: StaffRole = 'owner') => {
    const answer = await staff[as].get(`/admin/orders?q=${encodeURIComponent(q)}`);
    expect(answer.statusCode, q).toBe(200);
    return AdminOrderListResponse.parse(answer.json()).data.map((each) => each.id);
  };

  it('by any part of the name, in any case: first, last, partial', async () => {
    for (const q of ['meenakshi', 'SUNDARAM', 'akshi sund', '  Meenakshi   Sundaram ', 'sundaram_iyer']) {
      expect(await found(q), q).toEqual([order.id]);
    }
    // LIKE's own characters are only themselves.
    expect(await found('meenakshi%iyer')).toEqual([]);
    expect(await found('sundaram_')).toEqual([order.id]);
    expect(await found('sundaramxiyer')).toEqual([]);
  });

  it('by phone however written, email, order id and AWB; for the orders and read-only roles too', async () => {
    for (const q of [
      '9123456780',
      '+91 91234 56780',
      '091234-56780',
      order.id.toLowerCase(),
      'DLV7788990011',
      'dlv7788990011',
    ]) {
      expect(await found(q), q).toEqual([order.id]);
      expect(await found(q, 'orders'), q).toEqual([order.id]);
      expect(await found(q, 'read-only'), q).toEqual([order.id]);
    }
    const email = ((await owner().get(`/admin/orders/${order.id}`)).json() as AdminOrder).email;
    expect(await found(email.toUpperCase())).toEqual([order.id]);
  });
});
