import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { store } from './store-command';
import { fillShipping, newShopper, registerByApi, signIn, test } from './support';

interface Variant {
  sku: string;
  stock: number;
}

test('Variants: a colour chosen on the product page is ordered, and only its stock falls', async ({
  page,
  request,
}) => {
  // The merchant imports a travel case in two colours, each with its own price and stock.
  const sku = `NK-TC-${Date.now()}`;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'variants-')), 'cases.csv');
  fs.writeFileSync(
    file,
    [
      'sku,title,category,regularPrice,stock,parentSku,option1Name,option1Value',
      `${sku},Hard Travel Case,Laptop Accessories,1299,0,,,`,
      `${sku}-BLK,,,1299,9,${sku},Colour,Black`,
      `${sku}-OLV,,,1499,3,${sku},Colour,Olive`,
    ].join('\n'),
  );
  expect(await store('products', 'import', file)).toContain('Imported 1 products');
  const found = await request.get(`/api/v1/products?q=${encodeURIComponent('Hard Travel Case')}&limit=100`);
  const listed = ((await found.json()) as { data: { id: string; sku: string }[] }).data.find(
    (item) => item.sku === sku,
  );
  if (!listed) throw new Error('the imported case is not listed');
  const variantsOf = async () =>
    ((await (await request.get(`/api/v1/products/${listed.id}`)).json()) as { variants: Variant[] }).variants;

  const shopper = newShopper();
  await registerByApi(request, shopper);
  await page.goto('/login');
  await signIn(page, shopper);
  await page.goto(`/product/${listed.id}`);
  await expect(page.getByText(`Variant SKU: ${sku}-BLK`)).toBeVisible();
  await page.getByRole('button', { name: 'Olive' }).click();
  await expect(page.getByText(`Variant SKU: ${sku}-OLV`)).toBeVisible();
  await expect(page.getByText('Only 3 left')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Colour: Olive')).toBeVisible();

  await page.goto('/checkout');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/payment\?orderId=/);

  expect(await variantsOf()).toEqual([
    expect.objectContaining({ sku: `${sku}-BLK`, stock: 9 }),
    expect.objectContaining({ sku: `${sku}-OLV`, stock: 2 }),
  ]);
});
