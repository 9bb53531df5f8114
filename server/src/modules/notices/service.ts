import { productPath, STOCK_NOTICE_IN_STOCK } from '@netkart/contract';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { CatalogService } from '../catalog/service.js';
import { PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { variantName } from '../catalog/variants.js';
import { type MessageSettings, renderMessage, shopUrl } from '../messages/layout.js';
import type { Outbox, OutgoingMessage } from '../messages/outbox.js';
import type { MailTexts } from '../messages/texts/catalogue.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import { englishTexts } from '../messages/texts/en.js';
import type { Store, StoreService } from '../stores/service.js';

export const BACK_IN_STOCK_KIND = 'stock.back';

/**
 * The one email of a wish, in its language: the product is back, its link, and that the address is
 * now forgotten. `shown` is the product's (or variant's) name in that language; `title` its English one.
 */
export function backInStockMessage(
  store: Store,
  product: { id: string; title: string; productTitle?: string; shown?: string },
  email: string,
  settings: MessageSettings = {},
  mail: MailTexts = englishTexts,
): OutgoingMessage {
  const texts = mail.stock;
  // A variant's email names it ("Sleeve (Olive)"); its link is the product's page, by its English name.
  const name = product.productTitle ?? product.title;
  const shown = product.shown ?? product.title;
  const url = `${shopUrl(store, settings)}${mail.pagePrefix}${productPath({ id: product.id, name })}`;
  const { text, html } = renderMessage(store, [
    { heading: texts.heading(shown), lines: [texts.asked(shown)], links: [{ label: texts.seeProduct, url }] },
    { lines: [texts.onlyEmail] },
  ]);
  return {
    storeId: store.id,
    kind: BACK_IN_STOCK_KIND,
    recipient: email,
    subject: texts.subject(shown),
    text,
    html,
  };
}

/**
 * "Notify me": an address waiting for an out-of-stock product, one per product, and its one email
 * when the product is back, written through the outbox in the transaction that raised the stock.
 */
export class StockNotices {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogService,
    private readonly stores: StoreService,
    private readonly outbox: Outbox,
    private readonly settings: MessageSettings = {},
  ) {}

  /**
   * Records the wish of an address for a shown product (by id or address) that is out of stock, or
   * for one sold-out variant of it (by SKU), and the language its email is to be written in; an
   * address already waiting is left as it is. 404 for no such product, 400 for no such variant,
   * 409 when it is in stock.
   */
  async wish(
    storeId: string,
    idOrAddress: string,
    email: string,
    variantSku?: string,
    language: 'en' | 'hi' = 'en',
  ): Promise<void> {
    const product = await this.catalog.get(storeId, idOrAddress);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const variant = variantSku === undefined ? undefined : await this.variantOf(storeId, product, variantSku);
    if ((variant ?? product).stock > 0) throw new HttpError(409, STOCK_NOTICE_IN_STOCK);
    const sku = variant?.sku ?? '';
    await writeTransaction(this.db, async (trx) => {
      await trx
        .insertInto('stock_notices')
        .values({
          id: newId(),
          store_id: storeId,
          product_id: product.id,
          variant_sku: sku,
          email,
          language,
          created_at: nowIso(),
        })
        .onConflict((conflict) => conflict.columns(['product_id', 'variant_sku', 'email']).doNothing())
        .execute();
      // Stock that came back since it was read: the wish is refused, not left waiting for the next time.
      const back = variant
        ? (await this.catalog.variantsInStockAmong(trx, storeId, [product.id])).some((row) => row.sku === sku)
        : (await this.catalog.inStockAmong(trx, storeId, [product.id])).length > 0;
      if (back) throw new HttpError(409, STOCK_NOTICE_IN_STOCK);
    });
  }

  /** The variant a wish names; a product without options is named by its own SKU (then: no variant). */
  private async variantOf(storeId: string, product: { id: string; sku: string | null }, sku: string) {
    const wanted = sku.toLowerCase();
    const variants = await this.catalog.variantsOf(storeId, product.id);
    const variant = variants.find((candidate) => candidate.sku.toLowerCase() === wanted);
    if (variant) return { sku: variant.sku, stock: Number(variant.stock) };
    if (variants.length === 0 && product.sku?.toLowerCase() === wanted) return undefined;
    throw new HttpError(400, `variantSku: this product has no variant ${sku}.`, {}, 'variantSku');
  }

  /**
   * In the caller's transaction: every waiting address of a product now shown and in stock (of a
   * variant, when the wish named one) gets its one email, and its wish is deleted. The delete
   * claims the wish, so two transactions raising the same stock at once write its email once.
   */
  async stockMayBeBack(trx: Database, storeId: string): Promise<void> {
    const waiting = await trx
      .selectFrom('stock_notices')
      .select(['product_id', 'variant_sku'])
      .distinct()
      .where('store_id', '=', storeId)
      .execute();
    if (waiting.length === 0) return;
    const ofProducts = [...new Set(waiting.filter((row) => row.variant_sku === '').map((row) => row.product_id))];
    const ofVariants = [...new Set(waiting.filter((row) => row.variant_sku !== '').map((row) => row.product_id))];
    const backProducts = await this.catalog.inStockAmong(trx, storeId, ofProducts);
    const wanted = new Set(waiting.map((row) => `${row.product_id} ${row.variant_sku}`));
    const backVariants = (await this.catalog.variantsInStockAmong(trx, storeId, ofVariants)).filter((variant) =>
      wanted.has(`${variant.product_id} ${variant.sku}`),
    );
    const back = [
      ...backProducts.map((product) => ({
        id: product.id,
        title: product.title,
        titleHi: product.title_hi || product.title,
        sku: '',
      })),
      ...backVariants.map((variant) => ({
        id: variant.product_id,
        title: variantName(variant.title, variant),
        titleHi: variantName(variant.title_hi || variant.title, variant),
        productTitle: variant.title,
        sku: variant.sku,
      })),
    ];
    if (back.length === 0) return;
    const store = await this.stores.byId(storeId, trx);
    if (!store) return;
    for (const product of back) {
      const claimed = await trx
        .deleteFrom('stock_notices')
        .where('store_id', '=', storeId)
        .where('product_id', '=', product.id)
        .where('variant_sku', '=', product.sku)
        .returning(['email', 'language'])
        .execute();
      for (const { email, language } of claimed) {
        const shown = language === 'hi' ? product.titleHi : product.title;
        await this.outbox.enqueue(
          trx,
          backInStockMessage(store, { ...product, shown }, email, this.settings, mailTexts(language)),
        );
      }
    }
  }

  /** Forgets an address's wishes, inside the caller's transaction (an erased account). */
  async forget(trx: Database, storeId: string, email: string): Promise<void> {
    await trx.deleteFrom('stock_notices').where('store_id', '=', storeId).where('email', '=', email).execute();
  }
}
