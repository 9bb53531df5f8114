import { expect } from '@playwright/test';
import { store } from './store-command';
import { fillShipping, newShopper, registerByApi, signIn, simpleProduct, test } from './support';

test('a coupon the merchant adds: typed in the cart, its discount its own line there, at checkout and on the order', async ({
  page,
  request,
}) => {
  const code = `JOURNEY${Date.now() % 1_000_000}`;
  expect(await store('coupons', 'add', '--code', code, '--flat', '100', '--limit', '5')).toContain(
    `Coupon ${code} is added: ₹100 off.`,
  );
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // Nothing is applied until the shopper types a code and applies it.
  const cartSummary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(cartSummary.getByText(`Discount (${code})`, { exact: true })).toHaveCount(0);
  await cartSummary.getByLabel('Coupon code').fill('NOSUCHCODE');
  await cartSummary.getByRole('button', { name: 'Apply' }).click();
  await expect(cartSummary.getByRole('alert')).toContainText('"NOSUCHCODE" is not a coupon code at this shop.');
  await cartSummary.getByLabel('Coupon code').fill(code.toLowerCase());
  await cartSummary.getByRole('button', { name: 'Apply' }).click();
  await expect(cartSummary.getByText(`Discount (${code})`, { exact: true })).toBeVisible();
  await expect(cartSummary.getByText('−₹100')).toBeVisible();

  await page.goto('/checkout');
  const checkoutSummary = page.getByRole('complementary');
  await expect(checkoutSummary.getByText(`Discount (${code})`, { exact: true })).toBeVisible();
  await fillShipping(page);
  const shown = await checkoutSummary.getByText('Total').locator('xpath=following-sibling::dd').textContent();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  // The order keeps the discount as its own line, and costs what the checkout showed.
  // Read as a guest tracks it: by the email it was placed with.
  const order = await request.get(`/api/v1/orders/${orderId}?contactInfo=${encodeURIComponent(shopper.email)}`);
  expect(order.ok()).toBe(true);
  const body = (await order.json()) as { total: number; charges: { kind: string; label: string; amount: number }[] };
  expect(body.charges).toContainEqual({ kind: 'discount', label: `Discount (${code})`, amount: -100 });
  expect(shown?.replace(/[₹,]/g, '')).toBe(String(body.total));
  expect(await store('coupons', 'list')).toMatch(new RegExp(`${code}\\s+₹100 off\\s+-\\s+-\\s+1/5`));
});
