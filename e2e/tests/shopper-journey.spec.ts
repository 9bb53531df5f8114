import { expect } from '@playwright/test';
import {
  fillShipping,
  newShopper,
  productWithOptions,
  registerByApi,
  shippingAddress,
  signIn,
  signInByApi,
  simpleProduct,
  test,
} from './support';

test('a shopper browses, fills a cart, registers, signs in, orders, and tracks the order as a guest @phone', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  const product = await simpleProduct(request);

  // Browse: the home page leads to the listing, the listing to the product.
  await page.goto('/');
  await expect(page.getByRole('link', { name: /view all/i }).first()).toBeVisible();
  await page
    .getByRole('link', { name: /view all/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 12 of \d+ items/)).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/Showing 13 to 24 of \d+ items/)).toBeVisible();
  await page.goto('/products?category=lan%20adapters');
  await expect(page.getByRole('heading', { name: 'LAN Adapters' })).toBeVisible();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();

  // Add to the cart: the product page then shows the cart.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product.title).first()).toBeVisible();
  await page
    .getByRole('button', { name: /increase quantity/i })
    .first()
    .click();
  await expect(page.getByText('Cart updated').first()).toBeVisible();

  // A guest who checks out is sent to sign in, remembering the checkout.
  await page.getByRole('button', { name: /checkout/i }).click();
  await expect(page.getByText('Login Required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Registering from there signs the shopper in and returns to the checkout, for this browser session only.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel(/first name/i).fill(shopper.firstName);
  await page.getByLabel(/last name/i).fill(shopper.lastName);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByLabel(/confirm password/i).fill(shopper.password);
  await page.getByRole('button', { name: /create account|register|sign up/i }).click();
  await expect(page.getByText('Account created successfully. You can now log in.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'auth_token');
  expect(token?.expires).toBe(-1);

  // Checkout with the cart kept across registration: the PIN first, which fills the city and fixes the state.
  const pin = page.getByLabel('PIN code', { exact: true });
  const city = page.getByLabel('City', { exact: true });
  const state = page.getByLabel('State', { exact: true });
  await pin.fill('411038');
  await expect(city).toHaveValue('Pune');
  await expect(state).toHaveValue('Maharashtra');
  await pin.fill(shippingAddress.postalCode);
  await expect(state).toHaveValue(shippingAddress.state);
  await city.fill(shippingAddress.city);
  await page.getByLabel('Full name', { exact: true }).fill(shippingAddress.fullName);
  await page.getByLabel('Address', { exact: true }).fill(shippingAddress.address);
  await page.getByLabel('Phone', { exact: true }).fill(shippingAddress.phone);
  await page.getByRole('button', { name: /place order/i }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  expect(orderId).not.toBe('');

  // The order is in /orders, Pending, with Pay Now, its item and an INR total.
  await page.goto('/orders');
  const card = page.locator('article, li, section').filter({ hasText: orderId }).first();
  await expect(card).toBeVisible();
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Pay Now' }).or(card.getByRole('link', { name: 'Pay Now' })),
  ).toBeVisible();
  await expect(card.getByText(product.title)).toBeVisible();
  await expect(card.getByText(/₹/).first()).toBeVisible();

  // A guest tracks it with the order number and the email.
  await page.context().clearCookies();
  await page.goto(`/track-order?id=${orderId}`);
  await expect(page.getByLabel(/order number/i)).toHaveValue(orderId);
  await page.getByLabel(/email or phone/i).fill(shopper.email);
  await page.getByRole('button', { name: /track/i }).click();
  await expect(page.getByText('Your order status has been loaded').first()).toBeVisible();
  await expect(page.getByText(product.title).first()).toBeVisible();
  await expect(page.getByText('Pending').first()).toBeVisible();
});

test('two sizes and colours of one product become two order lines, each with its options on /orders', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const sleeve = await productWithOptions(request);
  const [firstSize, , lastSize] = sleeve.sizes as [string, string, string];
  const [firstColor, , lastColor] = sleeve.colors as [string, string, string];
  await signInByApi(page, shopper);

  // The card's quick Add to Cart cannot choose a size and colour: it opens the product page.
  await page.goto('/products?category=laptop%20accessories');
  await page.getByRole('button', { name: `Add to Cart: ${sleeve.title}` }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+-[0-9a-z]{10}$/);
  await expect(page.getByRole('heading', { level: 1, name: sleeve.title })).toBeVisible();

  for (const [size, color] of [
    [firstSize, firstColor],
    [lastSize, lastColor],
  ]) {
    await page.goto(`/product/${sleeve.id}`);
    await page.getByRole('group', { name: 'Size' }).getByRole('button', { name: size, exact: true }).click();
    // The sleeve's sizes and colours are its variants, whose options are named as the merchant named them.
    await page
      .getByRole('group', { name: /^Colou?r$/ })
      .getByRole('button', { name: color, exact: true })
      .click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
  }
  const first = `Size: ${firstSize} · Colour: ${firstColor}`;
  const last = `Size: ${lastSize} · Colour: ${lastColor}`;
  await expect(page.getByText(first)).toBeVisible();
  await expect(page.getByText(last)).toBeVisible();

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByRole('row').filter({ hasText: sleeve.title })).toHaveCount(2);
  await expect(card.getByText(first)).toBeVisible();
  await expect(card.getByText(last)).toBeVisible();
});

test('an address saved with one order is offered at the next, and listed on My Account', async ({ page, request }) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await signInByApi(page, shopper);

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await expect(page.getByRole('group', { name: 'Saved addresses' })).toHaveCount(0);
  await fillShipping(page);
  await page.getByLabel('Save this address').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);

  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved.getByRole('radio', { name: new RegExp(shippingAddress.address) })).toBeChecked();
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(shippingAddress.address);
  await expect(page.getByLabel('PIN code', { exact: true })).toHaveValue(shippingAddress.postalCode);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(shippingAddress.state);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+919845012345');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);

  await page.goto('/account');
  const book = page.getByRole('region', { name: 'Saved addresses' });
  await expect(book.getByText(new RegExp(shippingAddress.address))).toBeVisible();
  await expect(book.getByText('Default')).toBeVisible();
});

test('signed-in pages send a guest to sign in, and back after signing in', async ({ page, request }) => {
  for (const path of ['/account', '/checkout', '/orders', '/payment?orderId=X']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  const shopper = newShopper();
  const registered = await request.post('/api/v1/users/register', { data: shopper });
  expect(registered.status()).toBe(201);

  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Remember me').check();
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/orders$/);
  // Remembered: the sign-in cookie outlives the browser session, for 30 days.
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'auth_token');
  expect(token?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  await expect(page.getByText('No Orders Found')).toBeVisible();
});

test('a policy page shows the store’s details and a reserved slug shows the 404 page', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByText('Policy Information')).toBeVisible();
  await expect(page).toHaveTitle(/\| NetKart Technologies Pvt\. Ltd\.$/);
  await expect(page.getByText(/India/).first()).toBeVisible();

  await page.goto('/product');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});
