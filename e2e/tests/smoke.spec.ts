import { expect } from '@playwright/test';
import { test } from './support';

test('the API answers healthy and the store serves its details', async ({ request }) => {
  const health = await request.get('/api/v1/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toEqual({ status: 'ok' });

  const storeInfo = await request.get('/api/v1/storeInfo');
  expect(storeInfo.ok()).toBe(true);
  const info = (await storeInfo.json()) as { categories: string[] };
  expect(info.categories.slice(0, 2)).toEqual(['LAN Adapters', 'Laptop Accessories']);
});

test('an unknown address shows the 404 page with a way home @phone', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
