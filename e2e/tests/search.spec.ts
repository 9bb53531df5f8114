import { expect, type Page } from '@playwright/test';
import { test } from './support';

/** The listed products' names, as the cards show them. */
const listedTitles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 });

/** The price each listed card shows first (the price to pay; a struck-through one follows it), in rupees. */
async function listedPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allTextContents();
  return texts.map((text) => Number((text.match(/₹\s?([\d,]+(\.\d+)?)/)?.[1] ?? 'NaN').replace(/,/g, '')));
}

test('a shopper searches from the header, is put right on a typo, filters by speed and sorts by price', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('dock');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  // Categories and types first, then products with their price.
  await expect(suggestions.getByRole('option').first()).toHaveAccessibleName(/^Docking Stations/);
  await expect(suggestions.getByRole('option', { name: /Dock.*₹[\d,]+$/ }).first()).toBeVisible();
  // The keyboard walks the suggestions; Escape closes them and keeps what was typed.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(box).toHaveValue('dock');

  await box.fill('etherent adaptor');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=etherent\+adaptor/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “etherent adaptor”');
  await expect(page.getByText('Showing results for “ethernet adaptor”.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'USB-C to 2.5G Ethernet Adapter' }).first()).toBeVisible();

  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: /^2\.5 Gbps/ }).check();
  await expect(page).toHaveURL(/attr\.Speed=2\.5/);
  const titles = listedTitles(page);
  await expect(titles).toHaveCount(2);
  await expect(titles).toContainText(['2.5G Ethernet Adapter', '2.5G Ethernet Adapter']);

  await filters.getByRole('checkbox', { name: /^2\.5 Gbps/ }).uncheck();
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(titles.first()).toBeVisible();
  const prices = await listedPrices(page);
  expect(prices.length).toBeGreaterThan(2);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  // The page as it is can be shared: a reload keeps the search, the sort and the order.
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  expect(await listedPrices(page)).toEqual(prices);

  await page.goto('/products?q=zzqqxx');
  await expect(page.getByText('No products found for “zzqqxx”.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('the server sends a search results page already filled in', async ({ request }) => {
  const html = await (await request.get('/products?q=pendrive')).text();
  expect(html).toContain('Results for “pendrive”');
  expect(html).toContain('128 GB USB 3.2 Pen Drive');
});

test('a shopper types as India types: a typo in the box, filler words, Hinglish and a budget', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('chargr');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /Charger.*₹[\d,]+$/ }).first()).toBeVisible();

  await box.fill('best usb c hub for macbook');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “best usb c hub for macbook”');
  await expect(page.getByText('Showing results for “usb c hub”.')).toBeVisible();
  await expect(listedTitles(page).first()).toContainText('USB-C Hub');

  await page.goto(`/products?q=${encodeURIComponent('sasta usb hub under 1000')}`);
  await expect(page.getByText('Showing results for “usb hub” up to ₹1,000, lowest price first.')).toBeVisible();
  await expect(listedTitles(page)).toHaveText(['4-Port USB 3.0 Hub, Slim']);
});

test('the server renders a search in Hinglish, and an absurd one, without an error', async ({ request }) => {
  const hinglish = await request.get(`/products?q=${encodeURIComponent('sasta charger')}`);
  expect(hinglish.status()).toBe(200);
  const html = await hinglish.text();
  expect(html).toContain('Showing results for “charger”, lowest price first.');
  expect(html.indexOf('Car Charger, 45 W USB-C')).toBeGreaterThan(-1);
  const absurd = await request.get(`/products?q=${encodeURIComponent(`"*) OR 🔌 सस्ता ${'x'.repeat(6000)}`)}`);
  expect(absurd.status()).toBe(200);
  expect(await absurd.text()).toContain('No products found');
});

test('on a phone the search opens from its button and the filters from a sheet @phone-only', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const open = page.getByRole('button', { name: 'Search', exact: true });
  const size = await open.boundingBox();
  expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
  await open.click();
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('hub');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “hub”');

  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL(/inStock=true/);
  await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
  await expect(sheet).toBeHidden();
  await expect(listedTitles(page).first()).toBeVisible();

  const { viewport, content } = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    content: document.documentElement.scrollWidth,
  }));
  expect(content).toBeLessThanOrEqual(viewport);
});
