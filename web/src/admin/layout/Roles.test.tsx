import { type AdminProductListResponse, STAFF_ROLES, type StaffRole } from '@netkart/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAdminOrder, anAdminProduct, aProductSummary, aSession, fakeApi, renderAdmin } from '../test/render-admin';

afterEach(() => vi.unstubAllGlobals());

const ID = '7KX2M9QH4D';
const products: AdminProductListResponse = {
  data: [aProductSummary()],
  total: 1,
  page: 1,
  limit: 25,
  categories: ['LAN Adapters'],
  lowStockThreshold: 5,
};

function api(role: StaffRole) {
  return fakeApi({
    'GET /admin/session': () => [200, aSession({ role })],
    'GET /admin/products': () => [200, products],
    'GET /admin/products/p1': () => [200, anAdminProduct()],
    [`GET /admin/orders/${ID}`]: () => [200, anAdminOrder({ status: 0, allowedMoves: [1, 4] })],
    'GET /admin/orders': () => [200, { data: [], total: 0, page: 1, limit: 25, counts: {} }],
  });
}

const menu = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Back office' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the back office for each role', () => {
  it.each<[StaffRole, string[]]>([
    [
      'owner',
      [
        'Home',
        'Orders',
        'Returns',
        'Refunds',
        'Products',
        'Reviews',
        'Coupons',
        'Tickets',
        'Messages',
        'Settings',
        'Activity',
      ],
    ],
    ['catalogue', ['Products', 'Reviews', 'Coupons']],
    ['orders', ['Home', 'Orders', 'Returns', 'Refunds', 'Products', 'Reviews', 'Coupons', 'Tickets', 'Messages']],
    ['read-only', ['Home', 'Orders', 'Returns', 'Refunds', 'Products', 'Reviews', 'Coupons']],
  ])('offers %s only the pages it may use', async (role, pages) => {
    api(role);
    renderAdmin('/admin/products');
    expect(await menu()).toEqual(pages);
  });

  it('opens the catalogue role on the products, not the figures it may not see', async () => {
    api('catalogue');
    const { router } = renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it.each(STAFF_ROLES.filter((role) => role !== 'catalogue'))(
    'gives %s the products to read, and new, import and stock only to those who may change them',
    async (role) => {
      api(role);
      renderAdmin('/admin/products');
      await screen.findByRole('table', { name: 'Products' });
      const changes = role === 'owner';
      expect(screen.queryByRole('link', { name: 'New product' }) !== null).toBe(changes);
      expect(screen.queryByRole('button', { name: /import/i }) !== null).toBe(changes);
      expect(screen.queryByRole('spinbutton', { name: /Stock of/ }) !== null).toBe(changes);
      if (!changes) expect(screen.getByText('12 in stock')).toBeVisible();
    },
  );

  it.each<[StaffRole, boolean]>([
    ['owner', true],
    ['catalogue', true],
    ['orders', false],
    ['read-only', false],
  ])('lets %s save a product: %s', async (role, saves) => {
    api(role);
    renderAdmin('/admin/products/p1');
    const title = await screen.findByRole('heading', { name: 'USB-C Gigabit LAN Adapter' });
    expect(title).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' }) !== null).toBe(saves);
    expect(screen.getByRole('group', { name: 'The product' }).hasAttribute('disabled')).toBe(!saves);
  });

  it.each<[StaffRole, string[]]>([
    ['owner', ['Mark as paid', 'Cancel order']],
    ['orders', ['Mark as paid', 'Cancel order']],
    ['read-only', []],
  ])('offers %s the moves of an order it may make: %j', async (role, moves) => {
    api(role);
    renderAdmin(`/admin/orders/${ID}`);
    expect(await screen.findByRole('heading', { name: `Order ${ID}` })).toBeVisible();
    const offered = ['Mark as paid', 'Ship', 'Mark delivered', 'Edit tracking', 'Cancel order'].filter(
      (name) => screen.queryByRole('button', { name }) !== null,
    );
    expect(offered).toEqual(moves);
  });
});
