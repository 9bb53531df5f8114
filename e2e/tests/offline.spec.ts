import { expect } from '@playwright/test';
import { simpleProduct, test } from './support';

/** The shop on a phone whose network comes and goes: installable, and never a dead page. */
test('the shop can be installed, and without a network a page shows the cart kept on the phone', async ({
  page,
  context,
  request,
}) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    icons: { src: string; sizes: string }[];
  };
  const storeInfo = (await (await request.get('/api/v1/storeInfo')).json()) as { storeName: string };
  expect(manifest.name).toBe(storeInfo.storeName);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).ok(), icon.src).toBe(true);

  const product = await simpleProduct(request);
  await page.goto(`/product/${product.id}`);
  // The service worker is in charge once it is ready; the page's own address is the next one it serves.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  const cart = page.getByRole('region', { name: 'Your cart' });
  await expect(cart).toContainText(product.title);
  await expect(cart).toContainText('Total');

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();

  // Nothing the API answered was kept: it may belong to a signed-in shopper.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((url) => url.includes('/api/'))).toEqual([]);
});

test('a tap while offline says so at once, with Retry, and the cart is still there @phone-only', async ({
  page,
  context,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const product = await simpleProduct(request);
  const { categories } = (await (await request.get('/api/v1/storeInfo')).json()) as { categories: string[] };
  const category = categories.at(-1) ?? '';
  await page.goto('/products');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByRole('button', { name: `Add to Cart: ${product.title}` }).click();
  await expect(page.getByText('Added to cart')).toBeVisible();

  // A page whose code is here but whose products are not: the notice instead of an endless skeleton.
  await context.setOffline(true);
  let tapped = Date.now();
  await page.getByRole('contentinfo').getByRole('link', { name: category }).click();
  const offline = page.getByRole('heading', { level: 1, name: 'You are offline' });
  await expect(offline).toBeVisible();
  console.log(`offline notice after a tap on a listing: ${Date.now() - tapped} ms`);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Still offline. Check your connection and try again.')).toBeVisible();

  // Back online, the page asked for comes by itself (Retry asks at once when the phone has not said so).
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
  await expect(offline).toBeHidden();

  // A page whose code never came (a product's, on this visit): the same notice, not a broken page.
  await context.setOffline(true);
  tapped = Date.now();
  await page
    .locator('main article')
    .first()
    .click({ position: { x: 30, y: 30 } });
  await expect(offline).toBeVisible();
  console.log(`offline notice after a tap on a product: ${Date.now() - tapped} ms`);
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The cart still works: it is kept on the phone.
  await page.getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByRole('region', { name: 'Your cart' })).toContainText(product.title);
});
