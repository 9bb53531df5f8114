import { expect, type Locator, type Page, test } from '@playwright/test';
import { store } from './store-command';
import { type ListedProduct, newShopper, registerByApi, simpleProduct } from './support';

/**
 * A shopper on a slow phone acts as soon as the server's page shows: before its script has taken
 * the page over. Each action here certainly comes first, as the page's code (every script but the
 * small one inside the page, which listens from the start, and the entry) is held back until the
 * action has been made; the
 * action must then be done, and the control shows it is busy meanwhile. Playwright's own `test`,
 * not the journeys' one, which waits for every page to be interactive.
 */
test.use({
  viewport: { width: 360, height: 780 },
  isMobile: true,
  hasTouch: true,
  // Held scripts must reach the page through its route, not a service worker's cache.
  serviceWorkers: 'block',
});

/** Slow 4G and a phone's CPU (4× slower), as the page is opened. */
async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Opens the page with its code held back: only the script inside the page, the entry script and
 * the helper it imports come through. Returns what lets the rest of the code through.
 */
async function openBeforeScript(page: Page, path: string): Promise<() => Promise<void>> {
  await throttle(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!index-|preload-helper-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });
  // The shopper acts as soon as a control shows, while the page may still be arriving.
  await page.goto(path, { waitUntil: 'commit' });
  return async () => {
    await expect(page.locator('html')).not.toHaveAttribute('data-interactive');
    expect(refused, 'the page refused none of its own scripts').toEqual([]);
    release();
  };
}

/** The shop's answer on a throttled phone and a busy machine: a generous wait, not a timed assertion. */
const answered = { timeout: 30_000 };

async function tapWhileWaiting(control: Locator): Promise<void> {
  await control.tap();
  await expect(control).toHaveAttribute('aria-busy', 'true');
}

test('Add to Cart and the quantity steps tapped before the script are done', async ({ page, request }) => {
  const product = await simpleProduct(request);
  const letScriptIn = await openBeforeScript(page, `/product/${product.id}`);
  const plus = page.getByRole('button', { name: 'Increase quantity' });
  await tapWhileWaiting(plus);
  await plus.tap();
  await tapWhileWaiting(page.getByRole('button', { name: 'Add to Cart' }));
  await letScriptIn();

  await expect(page).toHaveURL(/\/cart$/, answered);
  const line = page.getByRole('listitem').filter({ hasText: product.title });
  await expect(line.getByText('Quantity 3')).toBeVisible();
});

test('Add to Cart tapped before the script, for a product sold out meanwhile, says it is out of stock', async ({
  page,
  request,
}) => {
  const first = await simpleProduct(request);
  const { data } = (await (await request.get('/api/v1/products?category=lan%20adapters&limit=100')).json()) as {
    data: ListedProduct[];
  };
  const product = data.find(
    (item) =>
      item.id !== first.id && item.stock > 0 && !item.attributes.some((attribute) => /^sizes?$/i.test(attribute.key)),
  );
  if (!product) throw new Error('the demo catalogue has no second simple LAN adapter in stock');
  const letScriptIn = await openBeforeScript(page, `/product/${product.id}`);
  await tapWhileWaiting(page.getByRole('button', { name: 'Add to Cart' }));
  await store('products', 'stock', product.sku, '0');
  try {
    await letScriptIn();
    const line = page.getByRole('listitem').filter({ hasText: product.title });
    await expect(line.getByText('Out of stock')).toBeVisible(answered);
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  } finally {
    await store('products', 'stock', product.sku, String(product.stock));
  }
});

test('Search tapped before the script opens the search box', async ({ page }) => {
  const letScriptIn = await openBeforeScript(page, '/');
  await tapWhileWaiting(page.getByRole('button', { name: 'Search', exact: true }));
  await letScriptIn();

  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeFocused(answered);
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toHaveAttribute('aria-expanded', 'true');
});

test('signing in before the script signs the shopper in', async ({ page, request }) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const letScriptIn = await openBeforeScript(page, '/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await tapWhileWaiting(page.getByRole('button', { name: 'Sign In' }));
  await letScriptIn();

  await expect(page.getByText('Logged in successfully.')).toBeVisible(answered);
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
});

test('a newsletter sign-up sent before the script is recorded', async ({ page }) => {
  const letScriptIn = await openBeforeScript(page, '/');
  await page.getByRole('textbox', { name: 'Email address' }).fill(`early.${Date.now()}@example.in`);
  await tapWhileWaiting(page.getByRole('button', { name: 'Subscribe' }));
  await letScriptIn();

  await expect(page.getByText('Thank you for subscribing to our newsletter.')).toBeVisible(answered);
});

test('a contact message sent before the script becomes a ticket', async ({ page }) => {
  const letScriptIn = await openBeforeScript(page, '/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Asha Rao');
  await form.getByLabel('Email').fill('asha.early@example.in');
  await form.getByLabel('Subject').fill('Delivery to Pune');
  await form.getByRole('textbox', { name: 'Message' }).fill('Do you deliver to Pune within a week?');
  await tapWhileWaiting(page.getByRole('button', { name: 'Send Message' }));
  await letScriptIn();

  // The number stays on the page (the form's status) as well as in the toast.
  await expect(form.getByRole('status')).toContainText(/Your ticket number is T-\d{6}/, answered);
});
