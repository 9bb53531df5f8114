import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { orderOneProduct, simpleProduct, test } from './support';

const pages = ['/', '/products', '/cart', '/login', '/register', '/track-order', '/contact', '/terms', '/404'];

async function expectNoSeriousFindings(page: Page) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${page.url()}: ${violation.id} (${violation.nodes.length}) ${violation.help}`);
  expect(serious).toEqual([]);
}

test('no serious or critical accessibility findings on the shopper’s pages @phone', async ({ page }) => {
  // Nine full scans take their time on a busy machine.
  test.slow();
  for (const path of pages) {
    await page.goto(path);
    await expectNoSeriousFindings(page);
  }
});

test('none on a product, the password pages and the cart with its toast @phone', async ({ page, request }) => {
  test.slow();
  const product = await simpleProduct(request);
  for (const path of [`/product/${product.id}`, '/forgot-password', '/reset-password?token=abc', '/api-test']) {
    await page.goto(path);
    await expectNoSeriousFindings(page);
  }
  // The cart with its 'Added to cart' toast still showing (the toast's green text once failed contrast).
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await expectNoSeriousFindings(page);
});

test('none on the signed-in pages and the payment steps either', async ({ page, request }) => {
  test.slow();
  // Ends on the sandbox gateway's own page, after the cart, checkout and payment pages.
  const orderId = await orderOneProduct(page, request, { checkEachPage: () => expectNoSeriousFindings(page) });
  await expectNoSeriousFindings(page);
  // The unpaid order's success page, and the payment page as a declined payment leaves it.
  await page.goto(`/order-success?orderId=${orderId}`);
  await expect(page.getByRole('link', { name: 'Pay Now' })).toBeVisible();
  await expectNoSeriousFindings(page);
  await page.goto(`/payment?orderId=${orderId}&payment=failed&reason=Declined`);
  await expectNoSeriousFindings(page);
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await expectNoSeriousFindings(page);
  for (const path of ['/orders', '/account', `/track-order?orderId=${orderId}`, `/payment?orderId=${orderId}`]) {
    await page.goto(path);
    await expectNoSeriousFindings(page);
  }
});
