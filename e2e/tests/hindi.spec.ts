import { expect } from '@playwright/test';
import { test, untilInteractive } from './support';

test('a shopper switches a product listing to Hindi, stays on it in Hindi, and switches back', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (/\.woff2$/.test(new URL(request.url()).pathname)) fonts.push(request.url());
  });
  await page.goto('/products?sort=price_asc');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // English pages never download the Devanagari font.
  expect(fonts).toEqual([]);

  // The switch in the footer: the same listing, in the same order, in Hindi.
  await page.getByRole('contentinfo').getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/products\?sort=price_asc$/);
  await untilInteractive(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('सभी प्रोडक्ट');
  await expect(page.getByLabel('क्रम से दिखाएँ')).toHaveValue('price_asc');
  await expect(page.getByRole('article').first()).toContainText('₹');
  // Its Devanagari font comes from the shop itself.
  await expect.poll(() => fonts.some((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);
  expect(fonts.every((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);

  // Inside the Hindi shop, links stay in Hindi.
  await page.getByRole('navigation', { name: 'मुख्य' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/hi\/products\?category=/);
  await expect(page.getByLabel('क्रम से दिखाएँ')).toBeVisible();

  // The choice is remembered: the English address opens the Hindi page.
  await page.goto('/products?sort=price_asc');
  await expect(page).toHaveURL(/\/hi\/products\?sort=price_asc$/);

  // And back to English from the header, remembered too.
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/products\?sort=price_asc$/);
  await untilInteractive(page);
  expect(new URL(page.url()).pathname).toBe('/products');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Products');
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
});
