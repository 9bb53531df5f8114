import { expect } from '@playwright/test';
import { simpleProduct, test } from './support';

test('the product page gives a delivery date for a PIN, remembered for the cart @phone', async ({ page, request }) => {
  const product = await simpleProduct(request);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { name: product.title, exact: true }).first()).toBeVisible();
  await page.getByLabel('PIN code').fill('560001');
  await page.getByRole('button', { name: 'Check delivery' }).click();
  const promise = page.getByText(/^Delivery by (Sun|Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2}$/);
  await expect(promise).toBeVisible();
  const said = await promise.textContent();

  // The same tab remembers the PIN: the cart says the same date for it.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText('To PIN 560001')).toBeVisible();
  await expect(summary.getByText(said ?? '', { exact: true })).toBeVisible();
});
