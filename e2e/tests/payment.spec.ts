import { expect, type Page, test } from '@playwright/test';
import { newShopper, registerByApi, shippingAddress, signIn, simpleProduct } from './support';

/** A signed-in shopper with one product in the cart, placing the order: ends on /payment. */
async function orderOneProduct(page: Page, request: Parameters<typeof simpleProduct>[0]): Promise<string> {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await page.getByLabel('Full name', { exact: true }).fill(shippingAddress.fullName);
  await page.getByLabel('Address', { exact: true }).fill(shippingAddress.address);
  await page.getByLabel('City', { exact: true }).fill(shippingAddress.city);
  await page.getByLabel('State', { exact: true }).selectOption(shippingAddress.state);
  await page.getByLabel('PIN code', { exact: true }).fill(shippingAddress.postalCode);
  await page.getByLabel('Phone', { exact: true }).fill(shippingAddress.phone);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

  // The sandbox asks for the payer's name, email and mobile (+91 pre-filled).
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(page.getByLabel(/Mobile number/)).toHaveValue('+91');
  await expect(payNow).toBeDisabled();
  await page.getByLabel(/Name of the payer/).fill('Asha Rao');
  await page.getByLabel(/Email for the receipt/).fill(shopper.email);
  await page.getByLabel(/Mobile number/).fill('98450 12345');
  await expect(page.getByLabel(/Mobile number/)).toHaveValue('+919845012345');
  await payNow.click();

  // The sandbox gateway's own checkout page.
  await expect(page.getByText(`Order ${orderId}`)).toBeVisible();
  await expect(page.getByText(/₹/)).toBeVisible();
  return orderId;
}

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
  await expect(page).toHaveURL(/\/orders$/);
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
