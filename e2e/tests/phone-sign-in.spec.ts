import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { fillShipping, simpleProduct, test, untilInteractive } from './support';

/** The sign-in code in the newest text message to `phone` in the shop's outbox folder (no SMS gateway). */
async function signInCodeFromOutbox(phone: string, after: Set<string>): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const texts = fs.existsSync(folder)
          ? fs.readdirSync(folder).filter((name) => name.endsWith(`-${phone.slice(1)}.sms.txt`) && !after.has(name))
          : [];
        for (const name of texts.sort()) {
          code = fs.readFileSync(path.join(folder, name), 'utf8').match(/(\d{6}) is your .+ sign-in code/)?.[1] ?? code;
        }
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

const textsSoFar = () => {
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return new Set(fs.existsSync(folder) ? fs.readdirSync(folder) : []);
};

test('a guest at checkout continues with a mobile number, types the texted code and places the order @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A number no other run used: +91 9 and nine digits.
  const phone = `+919${String(Date.now()).slice(-9)}`;
  const product = await simpleProduct(request);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');

  // The checkout asks the guest to sign in: the mobile number comes first.
  await expect(page).toHaveURL(/\/login/);
  await untilInteractive(page);
  await expect(page.getByRole('heading', { name: 'Continue with mobile number' })).toBeVisible();
  const before = textsSoFar();
  await page.getByLabel('Mobile number', { exact: true }).fill(`0${phone.slice(3, 8)} ${phone.slice(8)}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We have sent a 6-digit code to \+91/)).toBeVisible();
  const code = await signInCodeFromOutbox(phone, before);

  // A wrong code is refused, and says so.
  await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByText('That code is not right or has expired.', { exact: false })).toBeVisible();

  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page.getByText('Logged in successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/(order-success|payment)\?orderId=/);

  // The account is the number's: verified on the account page, with no email yet.
  await page.goto('/account');
  await expect(page.getByText(phone, { exact: true })).toBeVisible();
  await expect(page.getByText('(verified)')).toBeVisible();
});
