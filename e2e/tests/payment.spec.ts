import { expect } from '@playwright/test';
import { newShopper, orderOneProduct, registerByApi, signInByApi, test } from './support';

test('paying through the sandbox gateway moves the order to Processing @phone', async ({ page, request }) => {
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}`));
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`We have received your payment for order #${orderId}.`)).toBeVisible();
  await page.getByRole('link', { name: 'View My Orders' }).click();
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Processing')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});

test('a declined payment says so; order success does not claim it; Retry pays', async ({ page, request }) => {
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment\\?orderId=${orderId}&payment=failed`));
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText('The payment was declined on the test gateway.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

  // The unpaid order's success page says payment is pending, never that it was received.
  await page.goto(`/order-success?orderId=${orderId}`);
  await expect(page.getByText(`Payment for order #${orderId} is still pending.`, { exact: false })).toBeVisible();
  await expect(page.getByText(/received your payment/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', `/payment?orderId=${orderId}`);

  await page.goBack();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel(/Mobile number/)).toHaveValue('+919845012345');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}`));
  await expect(page.getByText(`We have received your payment for order #${orderId}.`)).toBeVisible();

  // Paid now: the payment page says so instead of offering a form.
  await page.goto(`/payment?orderId=${orderId}`);
  await expect(page.getByRole('heading', { name: 'This order is already paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});

test('the payment page without an order id says so', async ({ page, request }) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  await signInByApi(page, shopper);
  await page.goto('/payment');
  await expect(page.getByText('Order ID is missing. Please return to checkout.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Checkout' })).toBeVisible();
});
