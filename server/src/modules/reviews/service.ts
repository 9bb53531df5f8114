import {
  type AdminReview,
  type AdminReviewListQuery,
  type AdminReviewListResponse,
  type CreateReviewRequest,
  OrderStatus,
  productPath,
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewListQuery,
  type ReviewListResponse,
  type ReviewStatus,
  type SubmittedReview,
} from '@netkart/contract';
import type { Database, ReviewRow, UserRow } from '../../db/schema.js';
import { writeTransaction } from '../../db/transaction.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { newId, nowIso } from '../../shared/ids.js';
import type { AuditLog } from '../audit/service.js';
import { ratingOf } from '../catalog/product-row.js';
import type { CatalogService } from '../catalog/service.js';
import { type MessageSettings, renderMessage, shopUrl } from '../messages/layout.js';
import type { Outbox } from '../messages/outbox.js';
import { mailTexts } from '../messages/texts/catalogue.js';
import type { OrderChange, OrderService } from '../orders/service.js';
import type { StoreService } from '../stores/service.js';

export const REVIEW_NOT_FOUND = 'No review has that id.';
export const NOT_A_BUYER =
  'Only a shopper with a delivered order of this product may review it: reviews here come from real buyers.';
export const ALREADY_REVIEWED = 'You have already reviewed this product: one review per product per shopper.';
const PRODUCT_NOT_FOUND = 'Product not found.';
const ERASED_AUTHOR = 'A buyer';

/** Who moderated: 'staff:<email>' or 'store command'. */
export interface ReviewActor {
  actor: string;
}

export interface ReviewNeighbours {
  catalog: CatalogService;
  orders: OrderService;
  audit: AuditLog;
  /** Review requests after delivery: written through the outbox, to shoppers who asked for them. */
  requests?: {
    outbox: Outbox;
    stores: StoreService;
    messages?: MessageSettings | undefined;
    /** Whether the shopper's consent to review requests stands, read in the caller's transaction. */
    consented(trx: Database, owner: { storeId: string; userId: string }): Promise<boolean>;
    /** The language of the shopper's emails ('en' or 'hi'); English when not told. */
    languageOf?: (trx: Database, owner: { storeId: string; userId: string }) => Promise<string>;
  };
}

export const OWN_REVIEW = 'You cannot vote for your own review.';
export const ALREADY_VOTED = 'You have already found this review helpful: one vote per shopper.';
export const REVIEW_REQUEST_KIND = 'review.request';

/** As shown: 'Asha K.' (first name and the initial of the last), or 'A buyer' when the account has no name. */
export function authorNameOf(user: Pick<UserRow, 'first_name' | 'last_name'>): string {
  const first = user.first_name.trim();
  const initial = user.last_name.trim().slice(0, 1);
  if (!first) return initial ? `${initial}.` : 'A buyer';
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.product_id,
    author: row.author_name,
    rating: Number(row.rating),
    title: row.title,
    text: row.text,
    verifiedPurchase: true,
    helpfulCount: Number(row.helpful_count),
    createdAt: row.created_at,
    reply: row.reply,
    repliedAt: row.replied_at,
  };
}

const submitted = (row: ReviewRow): SubmittedReview => ({ ...toReview(row), status: row.status });

/**
 * Reviews from real buyers (BIS IS 19000:2022): written only by a shopper with a delivered order of
 * the product, one per product per shopper, shown only once the merchant approves it. The merchant
 * never edits one: they approve it, or reject it with a reason (logged), and may reply beneath it.
 * Each approval and rejection moves the product's kept rating in the same transaction.
 */
export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly neighbours: ReviewNeighbours,
  ) {}

  /** A signed-in shopper's review of a product: stored pending, never shown before approval. */
  async submit(
    storeId: string,
    user: UserRow,
    productId: string,
    input: CreateReviewRequest,
  ): Promise<SubmittedReview> {
    const product = await this.neighbours.catalog.getAny(storeId, productId);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    if (!(await this.neighbours.orders.hasDelivered(storeId, user.id, product.id))) {
      throw new HttpError(403, NOT_A_BUYER);
    }
    const row: ReviewRow = {
      id: newId(),
      store_id: storeId,
      product_id: product.id,
      user_id: user.id,
      author_name: authorNameOf(user),
      rating: input.rating,
      title: input.title,
      text: input.text,
      status: 'pending',
      reject_reason: null,
      reply: null,
      replied_at: null,
      helpful_count: 0,
      created_at: nowIso(),
      moderated_at: null,
    };
    try {
      await writeTransaction(this.db, async (trx) => {
        const before = await trx
          .selectFrom('reviews')
          .select('id')
          .where('store_id', '=', storeId)
          .where('product_id', '=', product.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (before) throw conflict(ALREADY_REVIEWED);
        await trx.insertInto('reviews').values(row).execute();
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Two at once: the unique index lets one in, and the other is the same refusal.
      if (/unique|duplicate/i.test(String((error as Error).message))) throw conflict(ALREADY_REVIEWED);
      throw error;
    }
    return submitted(row);
  }

  /** A product's approved reviews, newest or most helpful first, a page at a time, and its rating. */
  async listApproved(storeId: string, productId: string, query: ReviewListQuery): Promise<ReviewListResponse> {
    const product = await this.neighbours.catalog.get(storeId, productId);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const rating = ratingOf(product);
    const limit = REVIEWS_PAGE_SIZE;
    let select = this.db
      .selectFrom('reviews')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('product_id', '=', product.id)
      .where('status', '=', 'approved');
    if (query.sort === 'helpful') select = select.orderBy('helpful_count', 'desc');
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((query.page - 1) * limit)
      .execute();
    return {
      data: rows.map(toReview),
      rating,
      pagination: { page: query.page, limit, total: rating.count },
    };
  }

  /**
   * A signed-in shopper finds an approved review helpful: one vote each, never on their own, the
   * count kept on the review in the same transaction (most helpful first reads it).
   */
  async voteHelpful(storeId: string, user: UserRow, reviewId: string): Promise<{ helpfulCount: number }> {
    try {
      return await writeTransaction(this.db, async (trx) => {
        const review = await this.rowOf(trx, storeId, reviewId);
        if (review.status !== 'approved') throw notFound(REVIEW_NOT_FOUND);
        if (review.user_id === user.id) throw new HttpError(403, OWN_REVIEW);
        const inserted = await trx
          .insertInto('review_votes')
          .values({ review_id: review.id, user_id: user.id, store_id: storeId, created_at: nowIso() })
          .onConflict((conflict) => conflict.columns(['review_id', 'user_id']).doNothing())
          .returning('review_id')
          .executeTakeFirst();
        if (!inserted) throw conflict(ALREADY_VOTED);
        await trx
          .updateTable('reviews')
          .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
          .where('id', '=', review.id)
          .execute();
        // The product's reviews as kept for every shopper read afresh.
        await this.neighbours.catalog.moveRating(trx, storeId, review.product_id, 0, 0);
        return { helpfulCount: Number(review.helpful_count) + 1 };
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (/unique|duplicate/i.test(String((error as Error).message))) throw conflict(ALREADY_VOTED);
      throw error;
    }
  }

  /**
   * The orders' hook: a delivered order's shopper who asked for review requests gets one email
   * linking to each product's review form, once per order (the request's row claims it), in the
   * transaction that delivered it.
   */
  async orderChanged(trx: Database, change: OrderChange): Promise<void> {
    const requests = this.neighbours.requests;
    if (!requests || change.kind !== 'moved' || change.to !== OrderStatus.Delivered) return;
    const { order, items } = change;
    if (!order.email || !(await requests.consented(trx, { storeId: order.store_id, userId: order.user_id }))) return;
    const store = await requests.stores.byId(order.store_id, trx);
    if (!store) return;
    const claimed = await trx
      .insertInto('review_requests')
      .values({ order_id: order.id, store_id: order.store_id, sent_at: nowIso() })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    if (!claimed) return;
    const language = (await requests.languageOf?.(trx, { storeId: order.store_id, userId: order.user_id })) ?? 'en';
    const mail = mailTexts(language);
    // Each product by its English name in its address (as the storefront's links), shown in the email's language.
    const products = new Map<string, { name: string; shown: string }>();
    for (const item of items) {
      const product = await this.neighbours.catalog.getAny(order.store_id, item.product_id, trx);
      if (product && !products.has(product.id))
        products.set(product.id, {
          name: product.title,
          shown: language === 'hi' ? product.title_hi || product.title : product.title,
        });
    }
    if (products.size === 0) return;
    const base = `${shopUrl(store, requests.messages)}${mail.pagePrefix}`;
    const { text, html } = renderMessage(store, [
      {
        heading: mail.review.heading,
        lines: [mail.review.delivered(order.id)],
        links: [...products].map(([id, { name, shown }]) => ({
          label: mail.review.reviewProduct(shown),
          url: `${base}${productPath({ id, name })}#write-review`,
        })),
      },
      { lines: [mail.review.onlyOne] },
    ]);
    await requests.outbox.enqueue(trx, {
      storeId: order.store_id,
      kind: REVIEW_REQUEST_KIND,
      recipient: order.email,
      subject: mail.review.subject(order.id),
      text,
      html,
    });
  }

  /** The store's reviews for moderation, pending first then newest, with how many are in each status. */
  async list(storeId: string, query: AdminReviewListQuery = {}): Promise<AdminReviewListResponse> {
    let select = this.db.selectFrom('reviews').selectAll().where('store_id', '=', storeId);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
    const counted = await this.db
      .selectFrom('reviews')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('store_id', '=', storeId)
      .groupBy('status')
      .execute();
    const titles = new Map<string, string>();
    const data: AdminReview[] = [];
    for (const row of rows) {
      if (!titles.has(row.product_id)) {
        const product = await this.neighbours.catalog.getAny(storeId, row.product_id);
        titles.set(row.product_id, product?.title ?? '(deleted product)');
      }
      data.push(this.adminOf(row, titles.get(row.product_id) ?? ''));
    }
    return {
      data,
      counts: Object.fromEntries(counted.map((entry) => [entry.status, Number(entry.n)])),
    };
  }

  /** One review as the merchant sees it. */
  async get(storeId: string, id: string): Promise<AdminReview> {
    const row = await this.rowOf(this.db, storeId, id);
    const product = await this.neighbours.catalog.getAny(storeId, row.product_id);
    return this.adminOf(row, product?.title ?? '(deleted product)');
  }

  /** Shows a review: it counts in the product's rating from now on. Approving an approved one changes nothing. */
  approve(storeId: string, id: string, by: ReviewActor): Promise<AdminReview> {
    return this.moderate(storeId, id, 'approved', null, by);
  }

  /** Hides a review for good, saying why (the reason is logged); an approved one leaves the rating. */
  reject(storeId: string, id: string, reason: string, by: ReviewActor): Promise<AdminReview> {
    const why = reason.trim();
    if (!why) throw new HttpError(400, 'reason is required: say why the review is rejected.', {}, 'reason');
    return this.moderate(storeId, id, 'rejected', why.slice(0, 500), by);
  }

  /** The merchant's reply, shown beneath the review; the review's own words stay as the shopper wrote them. */
  async reply(storeId: string, id: string, reply: string, by: ReviewActor): Promise<AdminReview> {
    const text = reply.trim();
    if (!text) throw new HttpError(400, 'reply is required.', {}, 'reply');
    await writeTransaction(this.db, async (trx) => {
      const before = await this.rowOf(trx, storeId, id);
      const now = nowIso();
      await trx.updateTable('reviews').set({ reply: text, replied_at: now }).where('id', '=', before.id).execute();
      await this.neighbours.audit.record(trx, {
        storeId,
        actor: by.actor,
        action: 'review.reply',
        subject: `review:${before.id}`,
        before: { reply: before.reply },
        after: { reply: text },
      });
      // An approved review's reply is on the product page: its kept answers read afresh.
      if (before.status === 'approved') await this.neighbours.catalog.moveRating(trx, storeId, before.product_id, 0, 0);
    });
    return this.get(storeId, id);
  }

  /** An erased account's reviews stay (their words are the shop's record), signed 'A buyer' instead of the name. */
  async eraseAuthor(trx: Database, storeId: string, userId: string): Promise<void> {
    await trx
      .updateTable('reviews')
      .set({ author_name: ERASED_AUTHOR })
      .where('store_id', '=', storeId)
      .where('user_id', '=', userId)
      .execute();
  }

  private async moderate(
    storeId: string,
    id: string,
    to: Exclude<ReviewStatus, 'pending'>,
    reason: string | null,
    by: ReviewActor,
  ): Promise<AdminReview> {
    await writeTransaction(this.db, async (trx) => {
      const before = await this.rowOf(trx, storeId, id);
      if (before.status === to && (to === 'approved' || before.reject_reason === reason)) return;
      const now = nowIso();
      // Only the one that moves the row moves the rating: two approvals at once count once.
      const moved = await trx
        .updateTable('reviews')
        .set({ status: to, reject_reason: reason, moderated_at: now })
        .where('id', '=', before.id)
        .where('status', '=', before.status)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict('The review was moderated meanwhile: look again.');
      const stars = Number(before.rating);
      if (to === 'approved') await this.neighbours.catalog.moveRating(trx, storeId, before.product_id, stars, 1);
      else if (before.status === 'approved') {
        await this.neighbours.catalog.moveRating(trx, storeId, before.product_id, stars, -1);
      }
      await this.neighbours.audit.record(trx, {
        storeId,
        actor: by.actor,
        action: to === 'approved' ? 'review.approve' : 'review.reject',
        subject: `review:${before.id}`,
        before: { status: before.status },
        after: { status: to, ...(reason ? { reason } : {}) },
      });
    });
    return this.get(storeId, id);
  }

  private async rowOf(db: Database, storeId: string, id: string): Promise<ReviewRow> {
    const row = await db
      .selectFrom('reviews')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    return row;
  }

  private adminOf(row: ReviewRow, productTitle: string): AdminReview {
    return {
      ...submitted(row),
      productTitle,
      rejectReason: row.reject_reason,
      moderatedAt: row.moderated_at,
    };
  }
}
