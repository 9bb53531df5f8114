import type {
  AdminProduct,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductSummary,
  ProductRecord,
} from '@netkart/contract';
import type { z } from 'zod';
import type { Database, ProductRow, StaffRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { toRupees } from '../../shared/money.js';
import { type AuditLog, staffActor } from '../audit/service.js';
import { rowToRecord } from '../catalog/import/index.js';
import { type CatalogService, PRODUCT_NOT_FOUND } from '../catalog/service.js';
import type { Store } from '../stores/service.js';

type ListQuery = z.output<typeof AdminProductListQuery>;
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
    return toAdminProduct(row);
  }

  async create(storeId: string, record: Record, staff: StaffRow): Promise<AdminProduct> {
    const row = await this.catalog.createOne(storeId, record, (trx, created) =>
      this.audit.record(trx, {
        storeId,
        actor: staffActor(staff),
        action: 'product.create',
        subject: `product:${created.sku}`,
        after: audited(rowToRecord(created)),
      }),
    );
    return toAdminProduct(row);
  }

  async update(
    storeId: string,
    id: string,
    input: { product: Record; updatedAt?: string; stockSeen?: number },
    staff: StaffRow,
  ): Promise<AdminProduct> {
    const row = await this.catalog.updateOne(
      storeId,
      id,
      input.product,
      { ...(input.updatedAt ? { updatedAt: input.updatedAt } : {}), stockSeen: input.stockSeen },
      (trx, before, after) => this.recordChange(trx, storeId, staff, 'product.update', before, after),
    );
    return toAdminProduct(row);
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
