/**
 * Draws the demo store's pictures into public/media (products, category banners, logo).
 * Run after changing the demo catalogue: `npm run draw-media --workspace server`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_CATEGORIES, demoPictures, demoProducts, slugOf } from '../src/seed/demo-store.js';
import { drawCategory, drawLogo, drawProduct } from '../src/seed/draw-product.js';

const media = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/media');
const write = (file: string, svg: string) => {
  fs.mkdirSync(path.dirname(path.join(media, file)), { recursive: true });
  fs.writeFileSync(path.join(media, file), svg);
};

fs.rmSync(path.join(media, 'products'), { recursive: true, force: true });
for (const [name, drawing] of demoPictures()) write(`products/${name}`, drawProduct(drawing));

const TINTS = ['#dbeafe', '#e0e7ff', '#dcfce7', '#fef3c7', '#fce7f3', '#e0f2fe'];
DEMO_CATEGORIES.forEach((category, index) => {
  const first = demoProducts.find((product) => product.category === category);
  if (first) write(`categories/${slugOf(category)}.svg`, drawCategory(first.drawing, TINTS[index] ?? '#e2e8f0'));
});
write('categories/default.svg', drawCategory({ kind: 'hub', color: '#334155', ports: 4 }, '#e2e8f0'));
write('logo.svg', drawLogo());
console.log(
  `drew ${demoPictures().size} product pictures, ${DEMO_CATEGORIES.length + 1} category banners and the logo`,
);
