import { DEMO_COD_RULES } from '@netkart/contract';
import type { Services } from '../app.js';
import { DEMO_PAYMENT_PROVIDER } from '../modules/payments/registry.js';
import {
  DEMO_CATEGORY_NAMES_HI,
  DEMO_SHIPPING_RULES,
  DEMO_SPECIFICATION_NAMES_HI,
  demoProducts,
  demoStoreInfo,
} from './demo-store.js';
import { PICTURE_SIZE } from './draw-product.js';

/** Creates the demo store and its catalogue on an empty database; true when it did. Later starts leave the data alone. */
export async function ensureDemoStore(services: Services, host = 'localhost'): Promise<boolean> {
  if (await services.stores.defaultStore()) return false;
  let store: Awaited<ReturnType<typeof services.stores.create>>;
  try {
    // The demo store alone uses the sandbox gateway, so its visitors can try paying without real money.
    store = await services.stores.create(host, demoStoreInfo, {
      isDefault: true,
      paymentProvider: DEMO_PAYMENT_PROVIDER,
    });
  } catch (error) {
    // Two processes starting at once on a fresh database: the unique host lets one win, and its import fills the catalogue.
    if (await services.stores.defaultStore()) return false;
    throw error;
  }
  // The demo store also offers cash on delivery: a ₹40 fee, for orders up to ₹10,000.
  await services.cod.setRules(store.id, DEMO_COD_RULES);
  await services.shipping.setRules(store.id, DEMO_SHIPPING_RULES);
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
  await services.catalog.setHindiNames(store.id, 'category', DEMO_CATEGORY_NAMES_HI);
  await services.catalog.setHindiNames(store.id, 'specification', DEMO_SPECIFICATION_NAMES_HI);
  return true;
}
