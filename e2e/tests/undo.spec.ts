import { expect } from '@playwright/test';
import { fillShipping, newShopper, registerByApi, signInByApi, simpleProduct, test } from './support';

test('a shopper leaves the payment, cancels the order from My Orders and finds the cart back; then orders it again', async ({
  page,
  request,
}) => {
  // Nine pages on a shared machine: more than the default wait.
  test.setTimeout(180_000);
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  const stockBefore = product.stock;
  await signInByApi(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  // The shopper leaves the payment: the cart was emptied when the order was placed.
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toBeVisible();

  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: `Order #${orderId}` });
  await expect(card.getByRole('link', { name: 'Pay Now' })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toContainText('Nothing has been paid for it.');
  await dialog.getByRole('radio', { name: 'I changed my mind' }).check();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toHaveCount(0);

  await expect(card.getByRole('status')).toContainText(
    `Your order ${orderId} is cancelled. No payment was taken. Its items are back in your cart.`,
  );
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Cancelled by the shopper: I changed my mind')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // Its stock is back on sale.
  const after = (await (await request.get(`/api/v1/products/${product.id}`)).json()) as { stock: number };
  expect(after.stock).toBe(stockBefore);

  await card.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product.title).first()).toBeVisible();

  // Order again adds the cancelled order's item once more, at today's price.
  await page.goto('/orders');
  await card.getByRole('button', { name: 'Order again' }).click();
  await expect(card.getByRole('status')).toContainText("1 item is back in your cart. At today's prices.");
  await card.getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByText('Subtotal (2 items)')).toBeVisible();
});
