import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { fillShipping, newShopper, registerByApi, signInByApi, simpleProduct, test, untilInteractive } from './support';

/** The 6-digit code in the text message written for the order in the shop's outbox folder (no SMS gateway). */
async function codeFromOutbox(orderId: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const texts = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.sms.txt')) : [];
        for (const name of texts) {
          const text = fs.readFileSync(path.join(folder, name), 'utf8');
          if (text.includes(orderId)) code = text.match(/(\d{6}) is your code/)?.[1];
        }
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

test('checkout with cash on delivery, then the code from the outbox confirms the order @phone', async ({
  page,
  request,
}) => {
  // Two cores shared with other work: a journey through checkout, the outbox and My Orders takes its time.
  test.setTimeout(180_000);
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await signInByApi(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await fillShipping(page);

  // The demo store offers cash on delivery with a ₹40 fee.
  const cod = page.getByRole('radio', { name: /Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await expect(page.getByText('+ ₹40 fee')).toBeVisible();
  await cod.check();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order-success\?orderId=/);
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';
  await untilInteractive(page);
  await expect(page.getByText('Awaiting confirmation', { exact: true })).toBeVisible();
  const field = page.getByLabel(/Enter the 6-digit code we sent to \+91 98/);
  await expect(field).toBeVisible();

  // A wrong code is refused and said.
  const code = await codeFromOutbox(orderId);
  await field.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();

  await field.fill(code);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(
    page.getByText(`Order #${orderId} is confirmed. Please pay the courier in cash when it arrives.`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'View My Orders' }).click();
  const card = page.locator('article').filter({ hasText: orderId });
  await expect(card.getByText('Processing')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});
