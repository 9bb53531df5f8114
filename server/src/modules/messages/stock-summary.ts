import type { Database, ProductRow } from '../../db/schema.js';
import { advanceMarker } from '../../db/sequences.js';
import { istDay } from '../../shared/india-time.js';
import type { CatalogService } from '../catalog/service.js';
import type { StoreService } from '../stores/service.js';
import { type MessageSettings, merchantAddress, renderMessage, shopUrl } from './layout.js';
import type { Outbox } from './outbox.js';

/** The summary goes out once a day from this hour, India time: before the day's packing starts. */
export const STOCK_SUMMARY_HOUR_IST = 9;
/** Products listed by name in one summary; the rest are counted. */
export const STOCK_SUMMARY_LISTED = 50;
/** The marker holding the last day (yyyymmdd, India time) a store's summary was written. */
const MARKER = 'low-stock-summary-day';

const istHour = (now: number) => new Date(now + 330 * 60_000).getUTCHours();

const stockLine = (product: Pick<ProductRow, 'title' | 'sku' | 'stock'>) =>
  `${product.title} (SKU ${product.sku}): ${product.stock <= 0 ? 'sold out' : `${product.stock} left`}`;

/**
 * The merchant's daily low-stock summary: once a day per store, the products on sale at or below
 * the store's low-stock threshold, at NOTIFY_EMAIL or the store's email. Nothing is sent on a day
 * when nothing is low. Safe with several server processes: one of them moves the day's marker.
 */
export class StockSummary {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly stores: StoreService,
    private readonly catalog: CatalogService,
    private readonly settings: MessageSettings = {},
  ) {}

  /** Writes today's summaries not yet written; returns how many stores were written to. */
  async sendDue(now = Date.now()): Promise<number> {
    if (istHour(now) < STOCK_SUMMARY_HOUR_IST) return 0;
    const today = Number(istDay(now).replaceAll('-', ''));
    let written = 0;
    for (const store of await this.stores.all()) {
      const recipient = merchantAddress(store, this.settings);
      if (!recipient) continue;
      const sent = await this.db.transaction().execute(async (trx) => {
        if (!(await advanceMarker(trx, store.id, MARKER, today))) return false;
        const threshold = Number(store.low_stock_threshold);
        const { count, products: listed } = await this.catalog.lowStock(store.id, threshold, STOCK_SUMMARY_LISTED, trx);
        if (count === 0) return false;
        const more = count - listed.length;
        await this.outbox.enqueue(
          trx,
          {
            storeId: store.id,
            kind: 'merchant.low-stock',
            recipient,
            subject: `Low stock: ${count} ${count === 1 ? 'product' : 'products'} | ${store.store_name}`,
            ...renderMessage(store, [
              {
                lines: [
                  `${count} ${count === 1 ? 'product is' : 'products are'} at or below your low-stock level of ${threshold} on ${istDay(now)}.`,
                ],
              },
              {
                heading: 'Running low',
                lines: [...listed.map(stockLine), ...(more > 0 ? [`… and ${more} more`] : [])],
                links: [
                  {
                    label: 'See low stock in the back office',
                    url: `${shopUrl(store, this.settings)}/admin/products?stock=low`,
                  },
                ],
              },
            ]),
          },
          now,
        );
        return true;
      });
      if (sent) written += 1;
    }
    return written;
  }
}
