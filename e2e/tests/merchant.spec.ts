import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { newShopper, registerByApi, shippingAddress, signIn, simpleProduct } from './support';

const REPOSITORY = path.resolve(import.meta.dirname, '../..');

/** The merchant's `store` command on the running shop's own database, as the README runs it. */
async function store(...argv: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('the shop under test has no data folder');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPOSITORY, 'server/bin/store.js'), ...argv],
    {
      cwd: REPOSITORY,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: REPOSITORY },
    },
  );
  return stdout;
}

test('a catalogue the merchant imports shows in the shop at once', async ({ page }) => {
  expect(await store('products', 'import', 'samples/catalogue.csv')).toMatch(/Imported 4 products/);
  await page.goto('/products?category=Network%20Cables');
  await expect(page.getByRole('heading', { name: '8-Port Gigabit Switch, Metal' })).toBeVisible();
  await expect(page.getByText('Cat6 Flat Ethernet Cable 5 m')).toBeVisible();
});

test('the merchant confirms a UPI payment and ships; the shopper sees it on /orders and /track-order @phone', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  const authorized = await request.post('/api/v1/users/authorize', {
    data: { email: shopper.email, password: shopper.password },
  });
  const { token } = (await authorized.json()) as { token: string };
  const placed = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { products: { [product.id]: 1 }, shippingAddress },
  });
  expect(placed.status()).toBe(201);
  const { id: orderId } = (await placed.json()) as { id: string };

  expect(await store('orders', 'list', '--status', 'pending')).toContain(orderId);
  // A UTR is recorded once per shop: each run of this journey pays with a new one.
  const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  expect(await store('orders', 'paid', orderId, '--utr', utr)).toContain('is now Processing');
  expect(await store('orders', 'ship', orderId, '--courier', 'DTDC', '--tracking', 'DTDC-Z1234567')).toContain(
    'is now Shipped',
  );

  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Shipped')).toBeVisible();
  await expect(card.getByText('DTDC-Z1234567')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  // A guest tracking the order with its phone number sees the same.
  await page.context().clearCookies();
  await page.goto(`/track-order?id=${orderId}`);
  await page.getByLabel('Email or phone').fill('+91 98450 12345');
  await page.getByRole('button', { name: 'Track Order' }).click();
  const status = page.getByRole('region', { name: 'Order status' });
  await expect(status.getByText('Shipped')).toBeVisible();
  await expect(status.getByText('DTDC-Z1234567')).toBeVisible();
});
