import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductSummary,
  ProductRecord,
  VariantWrite,
} from '@netkart/contract';
import type { z } from 'zod';
import type { Database, ProductRow, StaffRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import { toRupees } from '../../shared/money.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { rowToRecord } from '../catalog/import/index.js';
import { type CatalogService, PRODUCT_NOT_FOUND } from '../catalog/service.js';
import { type VariantInput, variantInputOf } from '../catalog/variants.js';
import type { Store } from '../stores/service.js';

type ListQuery = z.output<typeof AdminProductListQuery>;
/** A product's options and variants as the back office's form sends them. */
export interface VariantsWrite {
  options: { name: string; values: string[] }[];
  variants: VariantWrite[];
}
type Record = z.output<typeof ProductRecord>;

/** What the activity log keeps of a product: the fields a merchant checks when a number looks wrong. */
const AUDITED = ['sku', 'title', 'category', 'regularPrice', 'discountedPrice', 'stock', 'hidden'] as const;

/**
 * The back office's door to the catalogue: lists every product (hidden ones too) and writes
 * through the catalogue service, with the same rules as an import, each change in the audit log.
 */
export class AdminProducts {
  constructor(
    private readonly catalog: CatalogService,
    private readonly audit: AuditLog,
  ) {}

  async list(store: Store, query: ListQuery): Promise<AdminProductListResponse> {
    const { rows, total, categories } = await this.catalog.listForStaff(store, query);
    return {
      data: rows.map(toProductSummary),
      total,
      page: query.page,
      limit: query.limit,
      categories,
      lowStockThreshold: Number(store.low_stock_threshold),
    };
  }

  async detail(storeId: string, id: string): Promise<AdminProduct> {
    const row = await this.catalog.getAny(storeId, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return this.withVariants(row);
  }

  async create(storeId: string, record: Record, staff: StaffRow, variants?: VariantsWrite): Promise<AdminProduct> {
    const row = await this.catalog.createOne(storeId, record, async (trx, created) => {
      if (variants) await this.writeVariants(trx, storeId, created.id, variants, staff, created.sku);
      // Sizes and colours without variants: a variant each, so no colour sells stock it has not.
      await this.catalog.variantsFromLists(trx, storeId, created.id);
      await this.audit.record(trx, {
        storeId,
        actor: staffActor(staff),
        action: 'product.create',
        subject: `product:${created.sku}`,
        after: audited(rowToRecord(created)),
      });
    });
    return this.withVariants(row);
  }

  async update(
    storeId: string,
    id: string,
    input: { product: Record; updatedAt?: string; stockSeen?: number } & Partial<VariantsWrite>,
    staff: StaffRow,
  ): Promise<AdminProduct> {
    const row = await this.catalog.updateOne(
      storeId,
      id,
      input.product,
      { ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}), stockSeen: input.stockSeen },
      async (trx, before, after) => {
        if (input.options && input.variants) {
          await this.writeVariants(
            trx,
            storeId,
            id,
            { options: input.options, variants: input.variants },
            staff,
            after.sku,
          );
        } else {
          // Variants made from the sizes and colours follow the lists' changes.
          await this.catalog.followLists(trx, storeId, id);
          // The form's stock and prices of a product with variants are its variants' (their sum, the cheapest).
          await this.catalog.keepToVariants(trx, storeId, id);
        }
        // Sizes and colours and (still) no variants: a variant each, the product's stock split among them.
        await this.catalog.variantsFromLists(trx, storeId, id);
        await this.recordChange(trx, storeId, staff, 'product.update', before, after);
      },
    );
    return this.withVariants(row);
  }

  /** Replaces the product's options and variants, in the caller's transaction, and logs it. */
  private async writeVariants(
    trx: Database,
    storeId: string,
    productId: string,
    write: VariantsWrite,
    staff: StaffRow,
    sku: string,
  ): Promise<void> {
    const names = write.options.map((option) => option.name);
    const known = new Set(names.map((name) => name.toLowerCase()));
    // Orders move a variant's stock while the form is open: a stock left as shown keeps today's, a
    // changed one is refused when it moved meanwhile (as the product's own stock is).
    const now = new Map(
      (await this.catalog.variantsOf(storeId, productId, trx)).map((row) => [row.sku.toLowerCase(), Number(row.stock)]),
    );
    const inputs: VariantInput[] = write.variants.map((variant) => {
      const current = now.get(variant.sku.toLowerCase());
      let stock = variant.stock;
      if (variant.stockSeen !== undefined && current !== undefined) {
        if (variant.stock === variant.stockSeen) stock = current;
        else if (current !== variant.stockSeen)
          throw new HttpError(
            409,
            `The stock of ${variant.sku} changed to ${current} since you opened the product. Reload to see it as it is now.`,
            {},
            'variants',
          );
      }
      const byName = new Map(Object.entries(variant.options).map(([name, value]) => [name.toLowerCase(), value]));
      const unknown = [...byName.keys()].find((name) => !known.has(name));
      if (unknown)
        throw new HttpError(
          400,
          `variants: ${variant.sku} names an option the product has not (${unknown}).`,
          {},
          'variants',
        );
      return { ...variant, stock, values: names.map((name) => byName.get(name.toLowerCase()) ?? '') };
    });
    await this.catalog.setVariants(storeId, productId, write.options, inputs, trx);
    await this.audit.record(trx, {
      storeId,
      actor: staffActor(staff),
      action: 'product.variants',
      subject: `product:${sku}`,
      after: {
        options: names.join(', '),
        variants: write.variants.map((variant) => `${variant.sku}: ${variant.stock}`).join(', '),
      },
    });
  }

  private async withVariants(written: ProductRow): Promise<AdminProduct> {
    // Read again: the variants' write set the product's stock and prices after `written` was made.
    const row = (await this.catalog.getAny(written.store_id, written.id)) ?? written;
    const variants = await this.catalog.variantsOf(row.store_id, row.id);
    const options = JSON.parse(row.options_json || '[]') as { name: string; values: string[] }[];
    return {
      ...toAdminProduct(row),
      options,
      variants: variants.map((variant) => {
        const input = variantInputOf(variant);
        return {
          sku: input.sku,
          options: Object.fromEntries(options.map((option, index) => [option.name, input.values[index] ?? ''])),
          regularPrice: input.regularPrice,
          discountedPrice: input.discountedPrice,
          mrp: input.mrp,
          stock: input.stock,
          images: input.images,
          weightGrams: input.weightGrams ?? null,
          lengthCm: input.lengthCm ?? null,
          breadthCm: input.breadthCm ?? null,
          heightCm: input.heightCm ?? null,
        };
      }),
    };
  }

  async setStock(
    storeId: string,
    id: string,
    change: { stock: number; stockSeen: number },
    staff: StaffRow,
  ): Promise<AdminProduct> {
    const row = await this.catalog.setStock(storeId, id, change, (trx, before, after) =>
      this.recordChange(trx, storeId, staff, 'product.stock', before, after),
    );
    return toAdminProduct(row);
  }

  /** Only what changed, before → after. */
  private async recordChange(
    trx: Database,
    storeId: string,
    staff: StaffRow,
    action: string,
    before: ProductRow,
    after: ProductRow,
  ): Promise<void> {
    const was = audited(rowToRecord(before));
    const now = audited(rowToRecord(after));
    const changed = AUDITED.filter((field) => was[field] !== now[field]);
    await this.audit.record(trx, {
      storeId,
      actor: staffActor(staff),
      action,
      subject: `product:${after.sku}`,
      before: Object.fromEntries(changed.map((field) => [field, was[field]])),
      after: Object.fromEntries(changed.map((field) => [field, now[field]])),
    });
  }
}

const audited = (record: Record) =>
  Object.fromEntries(AUDITED.map((field) => [field, record[field]])) as Pick<Record, (typeof AUDITED)[number]>;

export function toProductSummary(row: ProductRow): AdminProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    category: row.category,
    parentCategory: row.parent_category,
    regularPrice: toRupees(Number(row.regular_price)),
    discountedPrice: row.discounted_price === null ? null : toRupees(Number(row.discounted_price)),
    stock: row.stock,
    hidden: row.hidden === 1,
    imgUrl: row.img_url,
    updatedAt: row.updated_at,
  };
}

function toAdminProduct(row: ProductRow): AdminProduct {
  return { ...rowToRecord(row), id: row.id, createdAt: row.created_at, updatedAt: row.updated_at };
}
