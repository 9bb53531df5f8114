import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { simpleProduct } from './support';

const pages = ['/', '/products', '/cart', '/login', '/register', '/track-order', '/contact', '/terms', '/404'];

test('no serious or critical accessibility findings on the shopper’s pages @phone', async ({ page, request }) => {
  const product = await simpleProduct(request);
  for (const path of [...pages, `/product/${product.id}`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${path}: ${violation.id} (${violation.nodes.length}) ${violation.help}`);
    expect(serious).toEqual([]);
  }
});
