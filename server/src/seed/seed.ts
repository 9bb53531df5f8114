import type { Services } from '../app.js';
import { demoProducts, demoStoreInfo } from './demo-store.js';
import { PICTURE_SIZE } from './draw-product.js';

/** Creates the demo store and its catalogue on first start; later starts leave the data alone. */
export async function ensureDemoStore(services: Services, host = 'localhost'): Promise<void> {
  if (await services.stores.defaultStore()) return;
  // The demo store alone uses the sandbox gateway, so its visitors can try paying without real money.
  const store = await services.stores.create(host, demoStoreInfo, { isDefault: true, paymentProvider: 'sandbox' });
  await services.catalog.importMany(
    store.id,
    demoProducts.map(({ drawing: _drawing, ...product }) => ({
      ...product,
      images: product.images.map((name) => ({
        url: `/media/products/${name}`,
        width: PICTURE_SIZE,
        height: PICTURE_SIZE,
      })),
      attributes: product.attributes.map((attribute) => ({
        key: attribute.key,
        value: attribute.value,
        metricUnit: attribute.metricUnit ?? null,
      })),
    })),
  );
}
