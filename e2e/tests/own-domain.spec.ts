import { type Browser, expect } from '@playwright/test';
import { orderOneProduct, test, waitForInteractivePages } from './support';

/**
 * The shop as a merchant deploys it: the storefront on its own domain and the API on the
 * `api.` subdomain (spec section 7), reached over plain http as a phone on the shop's own
 * network would. Chromium resolves the made-up domain to this machine. Unlike localhost,
 * such an origin is not treated as secure, so the page meets the real browser rules.
 */
const SHOP_HOST = 'shop.test';

test.describe('the shop on its own domain, its API on api.', () => {
  let browser: Browser;
  let shopOrigin: string;
  test.beforeAll(async ({ playwright, launchOptions, baseURL }) => {
    browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1, MAP api.${SHOP_HOST} 127.0.0.1`,
      ],
    });
    shopOrigin = `http://${SHOP_HOST}:${new URL(baseURL ?? '').port}`;
  });
  test.afterAll(() => browser.close());

  test('the home page arrives rendered for the shop, and the next page loads its products from the api. host', async () => {
    const page = await browser.newPage({ baseURL: shopOrigin });
    waitForInteractivePages(page.context());
    const problems: string[] = [];
    page.on('requestfailed', (request) => problems.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('console', (message) => {
      // Chromium notes that it ignores our opener policy on plain http; that is not a fault.
      if (message.type() === 'error' && !message.text().includes('Cross-Origin-Opener-Policy header has been ignored'))
        problems.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const featured = page.getByRole('region', { name: 'Featured Products' });
    await expect(featured.getByRole('link').first()).toBeVisible();
    const apiCall = page.waitForResponse((response) => response.url().startsWith(`http://api.${SHOP_HOST}:`));
    await page.getByRole('banner').getByRole('link', { name: 'LAN Adapters' }).click();
    expect((await apiCall).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'LAN Adapters' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a shopper signs in, orders and pays through the sandbox gateway on api.', async ({ request }) => {
    const page = await browser.newPage({ baseURL: shopOrigin });
    waitForInteractivePages(page.context());
    const orderId = await orderOneProduct(page, request);
    expect(new URL(page.url()).host).toBe(`api.${new URL(shopOrigin).host}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(`${shopOrigin}/order-success?orderId=${orderId}`);
    await page.getByRole('link', { name: 'View My Orders' }).click();
    await expect(page.locator('article').filter({ hasText: orderId }).getByText('Processing')).toBeVisible();
    await page.close();
  });
});
