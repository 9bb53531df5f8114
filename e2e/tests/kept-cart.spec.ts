import { expect } from '@playwright/test';
import { newShopper, registerByApi, signInByApi, simpleProduct, test, waitForInteractivePages } from './support';

test("a signed-in shopper's cart follows them to another browser, and checkout asks for reminders with an unticked box", async ({
  page,
  browser,
  request,
}) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);

  await signInByApi(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  const reminders = page.getByLabel(/If I leave my cart at checkout, email me a reminder/);
  await expect(reminders).not.toBeChecked();
  await reminders.check();
  await expect(reminders).toBeChecked();

  // Another browser, signed in as the same shopper: the cart is there.
  const other = waitForInteractivePages(await browser.newContext({ baseURL: test.info().project.use.baseURL }));
  try {
    const elsewhere = await other.newPage();
    await signInByApi(elsewhere, shopper);
    await elsewhere.goto('/cart');
    await expect(elsewhere.getByRole('link', { name: product.title }).first()).toBeVisible();
  } finally {
    await other.close();
  }
});
