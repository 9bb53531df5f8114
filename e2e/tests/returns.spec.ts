import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { store, storeWithInput } from './store-command';
import { orderOneProduct, simpleProduct, test } from './support';

test('a delivered order: the shopper asks a return, the shop approves and receives it, stock back and a credit note listed, then refunds it', async ({
  page,
  browser,
  request,
}) => {
  // Paid through the sandbox, then shipped and delivered by the merchant.
  const orderId = await orderOneProduct(page, request);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order-success/);
  await store('orders', 'ship', orderId, '--courier', 'Delhivery', '--tracking', 'DL1234567890');
  await store('orders', 'deliver', orderId);
  const product = await simpleProduct(request);
  const stockBefore = product.stock;

  // The shopper asks from My Orders.
  await page.goto('/orders');
  const card = page.locator('article').filter({ hasText: `Order #${orderId}` });
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(product.title).selectOption({ label: 'Send back 1' });
  await dialog.getByLabel(/Why are they going back/).fill('The port is loose');
  // A photo of the loose port: a small PNG (1×1, red).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    'base64',
  );
  await dialog.getByLabel(/Photos/).setInputFiles({ name: 'port.png', mimeType: 'image/png', buffer: png });
  await dialog.getByRole('button', { name: 'Ask for return' }).click();
  await expect(dialog).toBeHidden();
  const returns = card.getByRole('region', { name: `Returns of order ${orderId}` });
  await expect(returns).toContainText('Return asked');

  // The shop approves and receives it in the back office.
  const staff = { email: `owner.${randomBytes(4).toString('hex')}@example.in`, password: 'ledger-and-chai-42' };
  await storeWithInput(staff.password, 'staff', 'add', staff.email, '--name', 'Asha Rao', '--role', 'orders');
  const office = await (await browser.newContext()).newPage();
  await office.goto('/admin/returns');
  await office.getByLabel('Email').fill(staff.email);
  await office.getByLabel('Password').fill(staff.password);
  await office.getByRole('button', { name: 'Sign in' }).click();
  await expect(office.getByRole('heading', { name: 'Returns', exact: true })).toBeVisible();
  const asked = office.getByRole('article').filter({ hasText: `Order ${orderId}` });
  await expect(asked).toContainText('Reason: The port is loose');
  // The shopper's photo is there for staff to see.
  const photo = asked.getByRole('img', { name: 'Sent by the shopper, 1 of 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  await asked.getByRole('button', { name: 'Approve' }).click();
  await office.getByRole('link', { name: /^Approved/ }).click();
  const approved = office.getByRole('article').filter({ hasText: `Order ${orderId}` });
  await approved.getByRole('button', { name: 'Mark received' }).click();
  await office.getByRole('link', { name: /^Received/ }).click();
  const received = office.getByRole('article').filter({ hasText: `Order ${orderId}` });
  await expect(received).toContainText(/Credit note [A-Z0-9]+C\/\d\d-\d\d\/\d{5}/);

  // The order's page lists it too, and the shopper sees it received with its credit note.
  await received.getByRole('link', { name: `Order ${orderId}` }).click();
  await expect(office.getByRole('region', { name: 'Returns' })).toContainText('Received');
  expect((await simpleProduct(request)).stock).toBe(stockBefore + 1);
  await page.reload();
  await expect(returns).toContainText('Received');
  await expect(returns).toContainText(/Credit note [A-Z0-9]+C\/\d\d-\d\d\/\d{5}/);

  // The refund it owes is recorded on the Refunds page with the transfer's UTR.
  await office.getByRole('link', { name: 'Refunds', exact: true }).click();
  await expect(office.getByRole('heading', { name: 'Refunds', exact: true })).toBeVisible();
  const form = office.getByRole('form', { name: `Record refund of order ${orderId}` });
  await form.getByLabel('Refund reference (UTR)').fill('412345678901');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await expect(form).toBeHidden();
  const refunded = office.getByRole('region', { name: /^Refunded/ });
  await expect(refunded).toContainText(orderId);
  await expect(refunded).toContainText('412345678901');

  // The shopper sees the refund made on the order's timeline in My Orders.
  await page.goto('/orders');
  await card.getByRole('button', { name: 'Show timeline' }).click();
  await expect(card).toContainText(/Refund of ₹[\d,.]+ made/);
  await expect(card).toContainText('Reference 412345678901');
});
