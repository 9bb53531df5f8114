import { expect } from '@playwright/test';
import { store } from './store-command';
import {
  newShopper,
  orderOneProduct,
  registerByApi,
  signInByApi,
  simpleProduct,
  test,
  waitForInteractivePages,
} from './support';

test("a buyer's review is shown only once the shop approves it, then counted in the rating and the structured data, and another shopper finds it helpful", async ({
  page,
  browser,
  request,
}) => {
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  const product = await simpleProduct(request);

  // Not yet delivered: the server refuses, saying why.
  const words = `Works on the first plug-in, order ${orderId}.`;
  await page.goto(`/product/${product.id}`);
  const section = page.getByRole('region', { name: 'Ratings and reviews' });
  await section.getByLabel('4 stars').check({ force: true });
  await section.getByLabel(/Your review/).fill(words);
  await section.getByRole('button', { name: 'Send review' }).click();
  await expect(section.getByRole('alert')).toContainText('delivered order of this product');

  await store('orders', 'ship', orderId, '--courier', 'Delhivery', '--tracking', 'DL7654321098');
  await store('orders', 'deliver', orderId);
  await section.getByRole('button', { name: 'Send review' }).click();
  await expect(section.getByRole('status')).toContainText('shown once the store has approved it');

  // Pending: nowhere on the page.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Ratings and reviews' })).toBeVisible();
  await expect(page.getByText(words)).toHaveCount(0);

  const listed = await store('reviews', 'list', '--status', 'pending');
  const line = listed.split('\n').find((each) => each.includes(`order ${orderId}`));
  const id = line?.split(/\s+/)[0];
  if (!id) throw new Error(`the pending review is not listed:\n${listed}`);
  expect(await store('reviews', 'approve', id)).toContain('is approved');

  await expect
    .poll(async () => {
      await page.reload();
      return page.getByText(words).count();
    })
    .toBe(1);
  const structured = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? '').join('\n'));
  expect(structured).toContain('"aggregateRating"');
  expect(structured).toContain(words);

  // Another shopper finds it helpful: one vote, said at once.
  const reader = newShopper();
  await registerByApi(request, reader);
  const other = waitForInteractivePages(await browser.newContext({ baseURL: test.info().project.use.baseURL }));
  try {
    const readerPage = await other.newPage();
    await signInByApi(readerPage, reader);
    await readerPage.goto(`/product/${product.id}`);
    const review = readerPage.getByRole('listitem').filter({ hasText: words });
    await review.getByRole('button', { name: 'Helpful (0)' }).click();
    await expect(review.getByRole('button', { name: 'Helpful (1)' })).toBeDisabled();
    await expect(review.getByText('Thank you for your vote.')).toBeVisible();
  } finally {
    await other.close();
  }
});
