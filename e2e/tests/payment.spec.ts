import { expect, test } from '@playwright/test';
import { newShopper, orderOneProduct, registerByApi, signIn } from './support';

test('paying through the sandbox gateway moves the order to Processing @phone', async ({ page, request }) => {
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}`));
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await page.getByRole('link', { name: 'View My Orders' }).click();
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Processing')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});

test('a declined payment leaves the order Pending with Pay Now offered again', async ({ page, request }) => {
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Decline' }).click();
  // Back on the payment page, told why, with Pay Now to try again.
  await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=${orderId}&payment=failed`));
  await expect(page.getByText('Payment not completed')).toBeVisible();
  await expect(page.getByText(/declined on the test gateway/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toBeVisible();
});

test('the payment page without an order id says so', async ({ page, request }) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto('/payment');
  await expect(page.getByText('Order ID is missing. Please return to checkout.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Checkout' })).toBeVisible();
});
