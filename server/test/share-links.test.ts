import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Product, ProductListResponse, SHARE_CARD, shareCardUrl } from '@netkart/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startShop, type TestShop } from './harness.js';

let shop: TestShop;
let mediaDir: string;
let products: Product[];

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-media-'));
  shop = await startShop({ app: { merchantMediaDir: mediaDir } });
  products = ProductListResponse.parse((await client(shop.app).get('/products?limit=100')).json()).data;
});
afterAll(async () => {
  await shop.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

const get = (url: string) => shop.app.inject({ method: 'GET', url });

async function expectShareCard(url: string) {
  const card = await get(url);
  expect(card.statusCode, url).toBe(200);
  expect(card.headers['content-type']).toBe('image/jpeg');
  const metadata = await sharp(card.rawPayload).metadata();
  expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
    format: 'jpeg',
    width: SHARE_CARD.width,
    height: SHARE_CARD.height,
  });
  return card.rawPayload;
}

/** The colour of one pixel of a JPEG, each channel rounded to tens (JPEG is lossy). */
async function pixel(jpeg: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)].map((channel) => Math.min(250, Math.round(channel / 10) * 10));
}

describe('link previews (og:image)', () => {
  it("makes a 1200×630 JPEG from a demo product's first picture, an SVG drawing", async () => {
    const product = products.find((candidate) => candidate.images[0]?.url.endsWith('.svg'));
    if (!product) throw new Error('no demo product with a drawing');
    await expectShareCard(shareCardUrl(product.images[0]?.url));
  });

  it('letterboxes a tall picture on white, whole, and makes the card again when the picture changes', async () => {
    fs.mkdirSync(path.join(mediaDir, 'products'), { recursive: true });
    const file = path.join(mediaDir, 'products', 'tall-stand.png');
    const tall = (colour: string) =>
      sharp({ create: { width: 400, height: 800, channels: 3, background: colour } })
        .png()
        .toFile(file);
    await tall('#16a34a');
    const url = shareCardUrl('/media/products/tall-stand.png');
    expect(url).toBe('/pictures/share/products/tall-stand.png.jpg');

    const first = await expectShareCard(url);
    // The picture stands whole in the middle; white fills the sides.
    expect(await pixel(first, 20, 315)).toEqual([250, 250, 250]);
    expect(await pixel(first, 1180, 315)).toEqual([250, 250, 250]);
    expect(await pixel(first, 600, 10)).toEqual([20, 160, 70]);
    expect(await pixel(first, 600, 620)).toEqual([20, 160, 70]);

    // Kept: asked again, the same bytes.
    expect((await expectShareCard(url)).equals(first)).toBe(true);
    await tall('#dc2626');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const second = await expectShareCard(url);
    expect(second.equals(first)).toBe(false);
    expect(await pixel(second, 600, 315)).toEqual([220, 40, 40]);
  });

  it("gives every other page the store's own raster card", async () => {
    await expectShareCard('/share-card.jpg');
    expect(shareCardUrl(undefined)).toBe('/share-card.jpg');
    expect(shareCardUrl('https://cdn.example/hub.webp')).toBe('/share-card.jpg');
  });

  it.each([
    '/pictures/share/products/nothing-here.png.jpg',
    '/pictures/share/products/tall-stand.png.webp',
    '/pictures/share/..%2F..%2Fpackage.json.jpg',
  ])('answers 404 to %s', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});
