import { expect } from '@playwright/test';
import { store } from './store-command';
import {
  type ListedProduct,
  newShopper,
  registerByApi,
  shippingAddress,
  signInByApi,
  simpleProduct,
  test,
} from './support';

test('a catalogue the merchant imports shows in the shop at once', async ({ page }) => {
  expect(await store('products', 'import', 'samples/catalogue.csv')).toMatch(/Imported 4 products/);
  await page.goto('/products?category=Network%20Cables');
  await expect(page.getByRole('heading', { name: '8-Port Gigabit Switch, Metal' })).toBeVisible();
  await expect(page.getByText('Cat6 Flat Ethernet Cable 5 m')).toBeVisible();
});

test('the merchant confirms a UPI payment and ships; the shopper sees it on /orders and /track-order', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  const authorized = await request.post('/api/v1/users/authorize', {
    data: { email: shopper.email, password: shopper.password },
  });
  const { token } = (await authorized.json()) as { token: string };
  const placed = await request.post('/api/v1/orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { products: { [product.id]: 1 }, shippingAddress },
  });
  expect(placed.status()).toBe(201);
  const { id: orderId } = (await placed.json()) as { id: string };

  expect(await store('orders', 'list', '--status', 'pending')).toContain(orderId);
  // A UTR is recorded once per shop: each run of this journey pays with a new one.
  const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  expect(await store('orders', 'paid', orderId, '--utr', utr)).toContain('is now Processing');
  expect(await store('orders', 'ship', orderId, '--courier', 'DTDC', '--tracking', 'DTDC-Z1234567')).toContain(
    'is now Shipped',
  );

  await signInByApi(page, shopper);
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Shipped')).toBeVisible();
  await expect(card.getByText('DTDC-Z1234567')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  // A guest tracking the order with its phone number sees the same.
  await page.context().clearCookies();
  await page.goto(`/track-order?id=${orderId}`);
  await page.getByLabel('Email or phone').fill('+91 98450 12345');
  await page.getByRole('button', { name: 'Track Order' }).click();
  const status = page.getByRole('region', { name: 'Order status' });
  // The status, and the step in the order's timeline below it.
  await expect(status.getByText('Shipped').first()).toBeVisible();
  await expect(status.getByRole('list', { name: 'Order timeline' }).getByText('Shipped')).toBeVisible();
  await expect(status.getByText('DTDC-Z1234567').first()).toBeVisible();
  await expect(
    status.getByRole('list', { name: 'Order timeline' }).getByText('DTDC-Z1234567', { exact: false }),
  ).toBeVisible();
});

test('a product the merchant sells out cannot be put in the cart, and a cart holding it says so before checkout', async ({
  page,
  request,
}) => {
  // A discounted LAN adapter without sizes or colours, other than the one the other journeys buy.
  const simple = await simpleProduct(request);
  const listed = await request.get('/api/v1/products?category=lan%20adapters&limit=100');
  const { data } = (await listed.json()) as { data: ListedProduct[] };
  const product = data.find(
    (item) =>
      item.id !== simple.id &&
      item.stock > 5 &&
      item.discountedPrice !== null &&
      !item.attributes.some((attribute) => /^(sizes?|colou?rs?)$/i.test(attribute.key)),
  );
  if (!product) throw new Error('the demo catalogue has no second discounted LAN adapter in stock');

  await page.goto(`/product/${product.id}`);
  await expect(page.getByText(`SKU: ${product.sku}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page).toHaveURL(/\/cart$/);

  expect(await store('products', 'stock', product.sku, '0')).toContain(`${product.sku}: 0 in stock.`);
  try {
    await expect
      .poll(async () => ((await (await request.get(`/api/v1/products/${product.id}`)).json()) as ListedProduct).stock)
      .toBe(0);

    await page.goto(`/product/${product.id}`);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart', exact: true })).toBeDisabled();
    // Instead of a dead end, a way to hear when it is back.
    await expect(page.getByRole('heading', { name: 'Out of stock: get an email when it is back' })).toBeVisible();

    await page.goto('/products?category=lan%20adapters');
    const card = page.locator('article').filter({ hasText: product.title });
    await expect(card.getByText('Out of stock')).toBeVisible();
    await expect(card.getByRole('button', { name: `Add to Cart: ${product.title}` })).toBeDisabled();
    await expect(card.getByText('Sale', { exact: true })).toHaveCount(0);

    // The cart bought earlier is told before checkout, and lets the shopper take the line out.
    await page.goto('/cart');
    await expect(page.getByText('Out of stock')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  } finally {
    await store('products', 'stock', product.sku, String(product.stock));
  }
});
