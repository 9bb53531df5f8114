import { expect } from '@playwright/test';
import { store } from './store-command';
import { type ListedProduct, test } from './support';

test('Notify me: a sold-out product takes an address, and its one email is written when the stock is back', async ({
  page,
  request,
}) => {
  const response = await request.get('/api/v1/products?category=cables%20%26%20chargers&limit=100');
  const { data } = (await response.json()) as { data: ListedProduct[] };
  const product = data.findLast((item) => item.stock > 0);
  if (!product) throw new Error('the demo catalogue has no cable in stock');
  const email = `waiting.${Date.now()}@example.in`;

  expect(await store('products', 'stock', product.sku, '0')).toContain(`${product.sku}: 0 in stock.`);
  try {
    await page.goto(`/product/${product.id}`);
    const form = page.getByRole('region', { name: 'Out of stock: get an email when it is back' });
    await expect(form.getByText('We will email you once when it is back in stock')).toBeVisible();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await expect(form.getByRole('status')).toContainText('We will email you once when this product is back');
  } finally {
    await store('products', 'stock', product.sku, String(product.stock));
  }
  await expect.poll(async () => store('mail', 'list')).toContain(email);
  expect(await store('mail', 'list')).toContain('Back in stock');
});
