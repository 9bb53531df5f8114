import { expect, type Page } from '@playwright/test';
import { newShopper, productWithOptions, registerByApi, signInByApi, simpleProduct, test } from './support';

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

test('every screen fits a 375 px phone @phone-only', async ({ page, request }) => {
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
  await signInByApi(page, shopper);
  for (const url of ['/checkout', '/orders', '/account']) await expectNoSidewaysScroll(page, url);
});

test('on a phone the buy box is made for a thumb, above the bottom navigation @phone-only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const product = await simpleProduct(request);
  await expectNoSidewaysScroll(page, `/product/${product.id}`);

  const addToCart = page.getByRole('button', { name: 'Add to Cart', exact: true });
  const box = await addToCart.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  // The buy bar is in view at once, and sits wholly above the bottom navigation.
  const navigation = await page.getByRole('navigation', { name: 'Quick' }).boundingBox();
  expect(box && navigation && box.y + box.height <= navigation.y).toBe(true);
  expect((box?.y ?? 800) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
  await page.mouse.wheel(0, 600);
  await expect(addToCart).toBeInViewport();

  // Every tap target of the header and footer is at least 44 × 44 px.
  const targets = page.locator('header a, header button, footer a, nav[aria-label="Quick"] a');
  for (const target of await targets.all()) {
    if (!(await target.isVisible())) continue;
    const size = await target.boundingBox();
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent());
    expect(size?.height, `${name} is ${size?.height}px tall`).toBeGreaterThanOrEqual(44);
    expect(size?.width, `${name} is ${size?.width}px wide`).toBeGreaterThanOrEqual(44);
  }
});

/** The left and top edges of each card of a grid, in page order. */
const cardBoxes = (page: Page, grid: string) =>
  page.locator(`${grid} article`).evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      return { x: Math.round(box.x), y: Math.round(box.y + window.scrollY), height: Math.round(box.height) };
    }),
  );

test('on a 360 px phone the products come two to a row, each card one link to its product @phone-only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/products');
  const grid = 'main';
  await expect(page.locator(`${grid} article`)).toHaveCount(12);
  const cards = await cardBoxes(page, grid);
  for (let row = 0; row < cards.length; row += 2) {
    const [left, right] = [cards[row], cards[row + 1]];
    expect(left && right && right.y === left.y && right.x > left.x, `row ${row / 2 + 1}`).toBe(true);
  }
  // Before two to a row the 12 cards made a page of about 7,400 px; the page's own height is recorded in bench/RESULTS.md.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`12 products at 360 × 780: the page is ${height} px tall`);
  expect(height).toBeLessThan(4_600);

  // One link per card, named after the product; Add to Cart is a button beside it, not inside it.
  const first = page.locator(`${grid} article`).first();
  const link = first.getByRole('link');
  await expect(link).toHaveCount(1);
  const name = (await first.getByRole('heading').textContent()) ?? '';
  await expect(link).toHaveAccessibleName(name);
  await expect(first.getByRole('button', { name: `Add to Cart: ${name}` })).toBeVisible();
  await expect(link.getByRole('button')).toHaveCount(0);
  // A tap on the picture opens the product.
  await first.click({ position: { x: 30, y: 30 } });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Products' });
  await expect(featured.locator('article').first()).toBeVisible();
  const home = await featured
    .locator('article')
    .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().y)));
  expect(home.length).toBeGreaterThanOrEqual(2);
  expect(home[0]).toBe(home[1]);
});

test("every one of the store's categories is one tap away on a phone: the menu, the home page, the bottom bar @phone-only", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { categories } = (await (await request.get('/api/v1/storeInfo')).json()) as { categories: string[] };
  expect(categories.length).toBeGreaterThan(3);
  const hrefs = categories.map((category) => `/products?category=${encodeURIComponent(category.toLowerCase())}`);
  const linksOf = (scope: ReturnType<Page['locator']>) =>
    scope
      .locator('a[href^="/products?category="]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));

  await page.goto('/');
  expect(await linksOf(page.getByRole('region', { name: 'Shop by Category' }))).toEqual(hrefs);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: categories.at(-1) ?? '' })).toBeVisible();
  expect(await linksOf(menu)).toEqual(hrefs);
  await page.keyboard.press('Escape');

  await page.getByRole('navigation', { name: 'Quick' }).getByRole('link', { name: 'Category' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  expect(await linksOf(page.getByRole('main'))).toEqual(hrefs);
  await page
    .getByRole('main')
    .getByRole('link', { name: categories.at(-1) ?? '' })
    .click();
  await expect(page).toHaveURL(hrefs.at(-1) ?? '');
  await expect(page.locator('main article').first()).toBeVisible();
});

test('pages say only what is true: a made-up order is not thanked for, and the ticket number stays @phone-only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const madeUp = 'ZZZZZZZZZZ';
  const trackIt = page.getByRole('link', { name: 'Track Your Order' });
  // Signed out, the page cannot read the order: it claims nothing about it.
  await page.goto(`/order-success?orderId=${madeUp}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to see this order' })).toBeVisible();
  await expect(trackIt).toHaveAttribute('href', `/track-order?id=${madeUp}`);
  await expect(page.getByText('Thank you for your order!')).toHaveCount(0);

  const shopper = newShopper();
  await registerByApi(request, shopper);
  await signInByApi(page, shopper);
  await page.goto(`/order-success?orderId=${madeUp}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(`There is no order #${madeUp} in your account.`, { exact: false })).toBeVisible();
  await expect(page.getByText('Thank you for your order!')).toHaveCount(0);
  await trackIt.click();
  await expect(page).toHaveURL(`/track-order?id=${madeUp}`);

  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await form.getByLabel('Email').fill(shopper.email);
  await form.getByLabel('Subject', { exact: true }).fill('GST invoice');
  await form.getByRole('textbox', { name: 'Message' }).fill('Please send the invoice for my last order.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sent = form.getByRole('status');
  await expect(sent).toContainText(/Your ticket number is T-\d{6}\./);
  const ticket = (await sent.textContent())?.match(/T-\d{6}/)?.[0] ?? '';
  // Long after the toast has gone, the number is still on the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  await expect(sent).toContainText(ticket);
});

test('one reference price: the M.R.P. struck through once, and the saving worked out from it @phone-only', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const sleeve = await productWithOptions(request);
  const { mrp } = (await (await request.get(`/api/v1/products/${sleeve.id}`)).json()) as { mrp: number };
  const price = sleeve.discountedPrice ?? sleeve.regularPrice;
  const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
  const saving = `Save ${rupees(mrp - price)} (${Math.floor((1 - price / mrp) * 100)}%)`;

  await page.goto(`/product/${sleeve.id}`);
  const main = page.getByRole('main');
  await expect(main.locator('s')).toHaveCount(1);
  await expect(main.locator('s')).toHaveText(rupees(mrp));
  await expect(main.getByText(/M\.R\.P\.:/)).toBeVisible();
  await expect(main.getByText(saving)).toBeVisible();
  // The regular price is not a second reference.
  await expect(main.getByText(rupees(sleeve.regularPrice), { exact: true })).toHaveCount(0);

  // The card in the listing says the same.
  await page.goto(`/products?q=${encodeURIComponent(sleeve.title)}`);
  const card = page.locator('main article').filter({ hasText: sleeve.title });
  await expect(card.locator('s')).toHaveText(rupees(mrp));
  await expect(card.getByText(saving)).toBeVisible();
});

test("the chosen colour's own picture, and the cart line names that colour @phone-only", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const sleeve = await productWithOptions(request);
  const { images } = (await (await request.get(`/api/v1/products/${sleeve.id}`)).json()) as {
    images: { url: string }[];
  };
  // The demo sleeve has one picture per colour, in the order of its colours.
  expect(images).toHaveLength(sleeve.colors.length);
  const last = sleeve.colors.length - 1;
  const colour = sleeve.colors[last] ?? '';
  const picture = images[last]?.url ?? '';

  await page.goto(`/product/${sleeve.id}`);
  const shown = page.getByRole('main').getByRole('img', { name: sleeve.title }).first();
  await expect(shown).not.toHaveAttribute('src', picture);
  await page.getByRole('button', { name: colour, exact: true }).click();
  await expect(shown).toHaveAttribute('src', picture);
  await page.getByRole('button', { name: sleeve.sizes[0] ?? '', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: sleeve.title });
  await expect(line).toContainText(colour);
  for (const other of sleeve.colors.filter((name) => name !== colour)) await expect(line).not.toContainText(other);
  await expect(line.locator('img').first()).toHaveAttribute('src', picture);
});

test("the store's phone is a tap to call, and the header names the store in full on a 360 px phone @phone-only", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { storeName, companyPhone } = (await (await request.get('/api/v1/storeInfo')).json()) as {
    storeName: string;
    companyPhone: string;
  };
  const tel = `tel:${companyPhone.trim().startsWith('+') ? '+' : ''}${companyPhone.replace(/\D/g, '')}`;

  await page.goto('/');
  const name = page.getByRole('banner').locator('[data-store-name]');
  await expect(name).toHaveText(storeName);
  // Neither cut short with an ellipsis nor clipped: the whole name fits in its box.
  const fits = await name.evaluate((element) => ({
    wide: element.scrollWidth <= element.clientWidth,
    tall: element.scrollHeight <= element.clientHeight,
    lines: Math.round(element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight)),
  }));
  // A name of one word is never broken inside the word.
  expect(fits).toEqual({ wide: true, tall: true, lines: storeName.includes(' ') ? fits.lines : 1 });
  await expect(page.getByRole('contentinfo').getByRole('link', { name: companyPhone })).toHaveAttribute('href', tel);

  await page.goto('/contact');
  await expect(page.getByRole('main').getByRole('link', { name: companyPhone }).first()).toHaveAttribute('href', tel);
  await page.goto('/track-order');
  await expect(page.getByRole('main').getByRole('link', { name: companyPhone })).toHaveAttribute('href', tel);
});
