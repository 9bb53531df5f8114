import type { Services } from '../app.js';
import { demoProducts, demoStoreInfo } from './demo-store.js';

/** Every product picture we draw is a square of this size, so pages can reserve its space. */
export const PRODUCT_IMAGE_SIZE = 800;

/** Creates the demo store and its catalogue on first start; later starts leave the data alone. */
export async function ensureDemoStore(services: Services, host = 'localhost'): Promise<void> {
  if (await services.stores.defaultStore()) return;
  const store = await services.stores.create(host, demoStoreInfo, { isDefault: true });
  for (const product of demoProducts) {
    await services.catalog.upsert(store.id, {
      ...product,
      images: product.images.map((name) => ({
        url: `/media/products/${name}`,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      })),
      attributes: product.attributes.map((attribute) => ({
        key: attribute.key,
        value: attribute.value,
        metricUnit: attribute.metricUnit ?? null,
      })),
    });
  }
}
