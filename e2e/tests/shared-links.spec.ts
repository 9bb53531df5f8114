import { expect } from '@playwright/test';
import { fillShipping, newShopper, pasteInto, registerByApi, signInByApi, simpleProduct, test } from './support';

/** A JPEG's width and height, from its start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

test('a shared product link has a readable address and a raster picture WhatsApp can show', async ({
  request,
  baseURL,
}) => {
  const product = await simpleProduct(request);
  const old = await request.get(`/product/${product.id}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  const address = old.headers().location ?? '';
  expect(address).toMatch(/^\/product\/[a-z0-9-]+-[0-9a-z]{10}$/);

  const page = await request.get(address);
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${address}" />`);
  const image = metaOf(html, 'og:image') ?? '';
  expect(image).toMatch(/\.jpg$/);
  expect(metaOf(html, 'og:image:type')).toBe('image/jpeg');
  expect(metaOf(html, 'og:image:width')).toBe('1200');
  expect(metaOf(html, 'og:image:height')).toBe('630');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

  const picture = await request.get(new URL(image).pathname);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/jpeg');
  expect(jpegSize(await picture.body())).toEqual({ width: 1200, height: 630 });

  // Every other page shows the store's own card.
  const contact = await (await request.get('/contact')).text();
  const card = await request.get(new URL(metaOf(contact, 'og:image') ?? '').pathname);
  expect(jpegSize(await card.body())).toEqual({ width: 1200, height: 630 });
});

test('a pasted +91 98450 12345 becomes +919845012345 at checkout, and a number no mobile has is refused', async ({
  page,
  request,
}) => {
  const shopper = newShopper();
  await registerByApi(request, shopper);
  const product = await simpleProduct(request);
  await signInByApi(page, shopper);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  await fillShipping(page);

  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('');
  await pasteInto(page, phone, '+91 98450 12345');
  await expect(phone).toHaveValue('+919845012345');
  await phone.fill('');
  await pasteInto(page, phone, '91-98450-12345');
  await expect(phone).toHaveValue('+919845012345');

  await phone.fill('+911234567890');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText(/Please enter an Indian mobile number/)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});
