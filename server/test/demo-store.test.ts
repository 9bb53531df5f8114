import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_DIR } from '../src/app.js';
import { demoProducts, demoStoreInfo } from '../src/seed/demo-store.js';

const mediaFile = (url: string) => path.join(MEDIA_DIR, url.replace(/^\/media\//, ''));

describe('the demo store', () => {
  it('leads its categories with LAN Adapters and Laptop Accessories, each with a picture', () => {
    expect(demoStoreInfo.categories.slice(0, 2)).toEqual(['LAN Adapters', 'Laptop Accessories']);
    for (const category of demoStoreInfo.categories) {
      const url = demoStoreInfo.categoryImages[category];
      expect(url, category).toBeDefined();
      expect(fs.existsSync(mediaFile(url as string)), url).toBe(true);
    }
    expect(fs.existsSync(mediaFile(demoStoreInfo.categoryImages.default ?? ''))).toBe(true);
    expect(fs.existsSync(mediaFile(demoStoreInfo.companyLogoUrl))).toBe(true);
  });

  it('sells at least 40 products over 5 categories, each with several product types', () => {
    expect(demoProducts.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(demoProducts.map((product) => product.category));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    for (const category of categories) {
      const products = demoProducts.filter((product) => product.category === category);
      expect(products.length, category).toBeGreaterThanOrEqual(6);
      expect(new Set(products.map((product) => product.parentCategory)).size, category).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every product a unique SKU, sane INR prices and pictures on disk', () => {
    expect(new Set(demoProducts.map((product) => product.sku)).size).toBe(demoProducts.length);
    for (const product of demoProducts) {
      expect(product.regularPrice, product.sku).toBeGreaterThan(0);
      if (product.discountedPrice !== null) expect(product.discountedPrice).toBeLessThan(product.regularPrice);
      expect(product.images.length, product.sku).toBeGreaterThan(0);
      for (const image of product.images)
        expect(fs.existsSync(path.join(MEDIA_DIR, 'products', image)), image).toBe(true);
    }
    expect(demoProducts.filter((product) => product.discountedPrice !== null).length).toBeGreaterThanOrEqual(10);
  });

  it('features LAN adapters for the home page and carries sizes, colours and long specifications', () => {
    const isFeatured = (product: (typeof demoProducts)[number]) =>
      product.attributes.some((attribute) => attribute.key === 'featured' && attribute.value.includes('true'));
    expect(demoProducts.filter(isFeatured).length).toBeGreaterThanOrEqual(8);
    expect(
      demoProducts.filter((product) => product.category === 'LAN Adapters' && isFeatured(product)).length,
    ).toBeGreaterThanOrEqual(2);
    const keys = demoProducts.flatMap((product) => product.attributes.map((attribute) => attribute.key.toLowerCase()));
    expect(keys).toContain('size');
    expect(keys).toContain('sizes');
    expect(keys).toContain('color');
    expect(keys).toContain('colours');
    expect(keys).toContain('support phone');
    expect(Math.max(...demoProducts.map((product) => product.attributes.length))).toBeGreaterThan(10);
  });
});
