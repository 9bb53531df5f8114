import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { storeWithInput } from './store-command';
import { newShopper, registerByApi, type Shopper, shippingAddress, signInByApi, simpleProduct, test } from './support';

interface Staff {
  email: string;
  password: string;
}

async function newStaff(role: 'owner' | 'catalogue' | 'orders' | 'read-only' = 'orders'): Promise<Staff> {
  const staff = { email: `${role}.${randomBytes(4).toString('hex')}@example.in`, password: 'ledger-and-chai-42' };
  expect(
    await storeWithInput(staff.password, 'staff', 'add', staff.email, '--name', 'Asha Rao', '--role', role),
  ).toContain('They sign in at /admin');
  return staff;
}

/** Signs in on the page asked for, which then shows: the home page at /admin, the orders at /admin/orders … */
async function signInToBackOffice(page: Page, staff: Staff, heading = 'Orders'): Promise<void> {
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** A registered shopper's order of one product, placed through the API: its id. */
async function placeOrder(request: APIRequestContext, shopper: Shopper): Promise<string> {
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
  return ((await placed.json()) as { id: string }).id;
}

async function expectNoSeriousFindings(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${page.url()}: ${violation.id} (${violation.nodes.length}) ${violation.help}`);
  expect(serious).toEqual([]);
}

test('staff sign in at /admin, mark an order paid by its UTR and ship it; the shopper sees it shipped', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  const orderId = await placeOrder(request, shopper);
  const staff = await newStaff();

  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · Back office');
  await expectNoSeriousFindings(page);
  await signInToBackOffice(page, staff, 'Home');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner').getByText('Asha Rao')).toBeVisible();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();

  await page.getByLabel('Search orders').fill(orderId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${orderId}`));
  await page.getByRole('link', { name: orderId }).click();
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  await expectNoSeriousFindings(page);

  // A UTR is recorded once per shop: each run pays with a new one.
  const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  await page.getByRole('button', { name: 'Mark as paid' }).click();
  const paid = page.getByRole('dialog', { name: 'Mark as paid' });
  await paid.getByLabel('UPI UTR (12 digits)').fill(utr);
  await paid.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(paid).toBeHidden();
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText(utr);

  const trackingNumber = `DLV${randomBytes(4).toString('hex').toUpperCase()}`;
  await page.getByRole('button', { name: 'Ship' }).click();
  const ship = page.getByRole('dialog', { name: 'Ship' });
  await ship.getByLabel('Courier').fill('Delhivery');
  await ship.getByLabel('Tracking number').fill(trackingNumber);
  await ship.getByRole('button', { name: 'Ship' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Processing → Shipped')).toBeVisible();
  await expect(timeline.getByText(`staff:${staff.email}`, { exact: false }).first()).toBeVisible();

  // The shopper, signed in, and then as a guest with the order's phone number.
  await page.context().clearCookies();
  await signInByApi(page, shopper);
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Shipped')).toBeVisible();
  await expect(card.getByText(trackingNumber)).toBeVisible();

  await page.context().clearCookies();
  await page.goto(`/track-order?id=${orderId}`);
  await page.getByLabel('Email or phone').fill('+91 98450 12345');
  await page.getByRole('button', { name: 'Track Order' }).click();
  const status = page.getByRole('region', { name: 'Order status' });
  // The status, and the step in the order's timeline below it.
  await expect(status.getByText('Shipped').first()).toBeVisible();
  await expect(status.getByRole('list', { name: 'Order timeline' }).getByText('Shipped')).toBeVisible();
  await expect(status.getByText(trackingNumber).first()).toBeVisible();
  await expect(
    status.getByRole('list', { name: 'Order timeline' }).getByText(trackingNumber, { exact: false }),
  ).toBeVisible();
});

test('an owner changes a price in the product form and the shopper pays it; staff are kept out of the settings', async ({
  page,
  request,
}) => {
  // Three sign-ins and two pages of the back office: on a busy machine this takes more than the usual wait.
  test.setTimeout(180_000);
  const product = await simpleProduct(request);
  const owner = await newStaff('owner');
  // A new whole-rupee price each run, with no discount, so the shop shows exactly this.
  const price = 1000 + Math.floor(Math.random() * 900);
  const shown = `₹${price.toLocaleString('en-IN')}`;

  await page.goto('/admin/products');
  await signInToBackOffice(page, owner, 'Products');
  await expect(page).toHaveTitle('Products · Back office');
  await page.getByLabel('Search products').fill(product.sku);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(product.sku)}`));
  await expectNoSeriousFindings(page);
  await page.getByRole('link', { name: product.title, exact: true }).click();
  await expect(page.getByRole('heading', { name: product.title, exact: true }).first()).toBeVisible();
  await expectNoSeriousFindings(page);

  await page.getByLabel('Regular price').fill(String(price));
  await page.getByLabel('Discounted price').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${product.title} saved.`)).toBeVisible();
  await expect(page.getByLabel('Regular price')).toHaveValue(String(price));

  // The shopper sees the new price on the product page and pays it in the cart.
  await page.context().clearCookies();
  const shopper = newShopper();
  await registerByApi(request, shopper);
  await signInByApi(page, shopper);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { name: product.title, exact: true }).first()).toBeVisible();
  await expect(page.getByText(shown).first()).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.locator('dt', { hasText: /^Total$/ }).locator('+ dd')).toHaveText(shown);

  // A member of staff who is not an owner is neither offered the settings nor let in; the orders
  // role reads the catalogue but is offered no way to change it.
  await page.context().clearCookies();
  const staff = await newStaff();
  await page.goto('/admin/products');
  await signInToBackOffice(page, staff, 'Products');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New product' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page.getByText('Only an owner can do this.')).toBeVisible();
});

test('the back office’s pages fit a 390 px phone without scrolling sideways', async ({ page, request }) => {
  const orderId = await placeOrder(request, newShopper());
  const staff = await newStaff();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/orders');
  await signInToBackOffice(page, staff);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  await expect(page.getByRole('link', { name: orderId }).first()).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('link', { name: orderId }).first().click();
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  expect(await fits()).toBe(true);
  // The home page's chart and the products table (cards on a phone) fit too.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('img', { name: /Paid orders and revenue each day/ })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole('table', { name: 'Products' }).getByRole('link').first().click();
  await expect(page.getByLabel('Regular price')).toBeVisible();
  expect(await fits()).toBe(true);
});

test('the shop’s first page loads none of the back office’s code', async ({ page, request }) => {
  const adminPage = await (await request.get('/admin')).text();
  const adminEntry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(adminPage)?.[1];
  expect(adminEntry).toMatch(/^\/assets\/admin-/);
  const shopPage = await (await request.get('/')).text();
  expect(shopPage).not.toContain(adminEntry);

  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script === adminEntry || /admin/i.test(script))).toEqual([]);
});
