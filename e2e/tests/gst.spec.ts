import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { orderOneProduct, simpleProduct, test } from './support';

const PDFTOTEXT = ['/usr/bin/pdftotext', '/usr/local/bin/pdftotext'].find((file) => fs.existsSync(file));
const SELLER = 'NetKart Technologies Private Limited';
/** A well-formed GSTIN registered in Maharashtra (27), its check character right. */
const BUYER_GSTIN = '27AABCT1234F1ZQ';

/** What a shopper must be shown about the seller and the goods, and the tax invoice of a paid order. */
test('the product page, footer and contact page name the seller and the goods’ particulars', async ({
  page,
  request,
}) => {
  const product = await simpleProduct(request);
  const details = (await (await request.get(`/api/v1/products/${product.id}`)).json()) as {
    countryOfOrigin: string | null;
  };
  await page.goto(`/product/${product.id}`);
  await expect(page.getByText('Inclusive of all taxes')).toBeVisible();
  await expect(page.getByText(/^M\.R\.P\.:/)).toBeVisible();
  const particulars = page.getByRole('region', { name: 'Product details' });
  if (details.countryOfOrigin) await expect(particulars).toContainText(`Country of origin${details.countryOfOrigin}`);
  await expect(particulars).toContainText(`Sold by ${SELLER}`);

  const footer = page.getByRole('contentinfo').getByRole('region', { name: 'Seller details' });
  await expect(footer).toContainText(SELLER);
  await expect(footer).toContainText(/GSTIN: 29[0-9A-Z]{13}/);
  await expect(footer).toContainText('Grievance Officer');

  await page.goto('/contact');
  const contact = page.getByRole('main').getByRole('region', { name: 'Seller details' });
  await expect(contact).toContainText(/GSTIN: 29[0-9A-Z]{13}/);
  await expect(contact).toContainText('grievance@netkart.in');
});

test('a business buyer in another state gives its GSTIN at checkout and gets an IGST invoice naming it', async ({
  page,
  request,
}) => {
  test.skip(!PDFTOTEXT, 'poppler-utils is not installed (apt-get install poppler-utils)');
  const orderId = await orderOneProduct(page, request, {
    atCheckout: async () => {
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect(summary.getByText('of which GST')).toBeVisible();
      await expect(summary).toContainText('ShippingFree');

      // PIN first: the state is the PIN's.
      await page.getByLabel('PIN code', { exact: true }).fill('411001');
      await expect(page.getByLabel('State', { exact: true })).toHaveValue('Maharashtra');
      await page.getByLabel('City', { exact: true }).fill('Pune');
      await page.getByLabel('Company name (optional)').fill('Trimurti Traders LLP');
      // A mistyped GSTIN is caught before the order is placed, and nothing typed is lost.
      const gstin = page.getByLabel('GSTIN (optional)');
      await gstin.fill('27AABCT1234F1Z0');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('its check character does not match')).toBeVisible();
      await expect(page.getByLabel('Company name (optional)')).toHaveValue('Trimurti Traders LLP');
      await gstin.fill(BUYER_GSTIN);
    },
  });
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: orderId });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^invoice-[A-Z0-9]{1,3}-\d\d-\d\d-\d{6}\.pdf$/);
  const text = execFileSync(PDFTOTEXT as string, ['-layout', (await download.path()) as string, '-'], {
    encoding: 'utf8',
  });
  expect(text).toContain('Tax Invoice');
  expect(text).toContain(SELLER);
  expect(text).toMatch(/GSTIN: 29[0-9A-Z]{13}/);
  expect(text).toContain(BUYER_GSTIN);
  expect(text).toContain('Trimurti Traders LLP');
  // Sold from Karnataka to Maharashtra: integrated tax, no central and state tax.
  expect(text).toMatch(/Place of supply:\s+Maharashtra, State code: 27/);
  expect(text).toContain('IGST');
  expect(text).not.toContain('CGST');
});
