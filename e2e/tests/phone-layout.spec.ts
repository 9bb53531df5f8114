import { expect, type Page, test } from '@playwright/test';
import { newShopper, registerByApi, signIn, simpleProduct } from './support';

/** Nothing may stick out sideways on a phone: a wider page makes the browser zoom everything out. */
async function expectNoSidewaysScroll(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const { viewport, content } = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    content: document.documentElement.scrollWidth,
  }));
  expect(content, `${url} is ${content}px wide on a ${viewport}px screen`).toBeLessThanOrEqual(viewport);
}

test('every screen fits a 375 px phone @phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const product = await simpleProduct(request);
  for (const url of ['/', '/products?category=lan%20adapters', `/product/${product.id}`, '/track-order', '/contact']) {
    await expectNoSidewaysScroll(page, url);
  }
  for (const url of ['/login', '/register', '/forgot-password', '/privacy', '/api-test', '/no-such-page']) {
    await expectNoSidewaysScroll(page, url);
  }

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectNoSidewaysScroll(page, '/cart');

  const shopper = newShopper();
  await registerByApi(request, shopper);
  await page.goto('/login');
  await signIn(page, shopper);
  for (const url of ['/checkout', '/orders', '/account']) await expectNoSidewaysScroll(page, url);
});
