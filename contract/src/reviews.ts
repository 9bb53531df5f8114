import { z } from 'zod';

import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from './review-rules.js';

/** A product's approved reviews: their average stars (one decimal) and how many. */
export const ProductRating = z.object({ average: z.number(), count: z.number().int() });
export type ProductRating = z.infer<typeof ProductRating>;

/** POST /products/{id}/reviews: a buyer's stars, title and words. */
export const CreateReviewRequest = z.object({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5.' })
    .int({ error: 'rating must be a whole number from 1 to 5.' })
    .min(1, { error: 'rating must be a whole number from 1 to 5.' })
    .max(5, { error: 'rating must be a whole number from 1 to 5.' }),
  title: z
    .string({ error: 'title must be text.' })
    .trim()
    .max(REVIEW_TITLE_MAX, { error: `title is at most ${REVIEW_TITLE_MAX} characters.` })
    .default(''),
  text: z
    .string({ error: 'text is required: say what you thought of the product.' })
    .trim()
    .min(1, { error: 'text is required: say what you thought of the product.' })
    .max(REVIEW_TEXT_MAX, { error: `text is at most ${REVIEW_TEXT_MAX} characters.` }),
});
export type CreateReviewRequest = z.infer<typeof CreateReviewRequest>;

export const ReviewStatus = z.enum(['pending', 'approved', 'rejected']);
export type ReviewStatus = z.infer<typeof ReviewStatus>;

/** A review as shoppers read it (approved ones only), with the merchant's reply if any. */
export const Review = z.object({
  id: z.string(),
  productId: z.string(),
  author: z.string(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** Always true: only buyers with a delivered order of the product may write one. */
  verifiedPurchase: z.boolean(),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type Review = z.infer<typeof Review>;

/** The answer to a shopper's own new review: it waits for the merchant. */
export const SubmittedReview = Review.extend({ status: ReviewStatus });
export type SubmittedReview = z.infer<typeof SubmittedReview>;

export const ReviewSort = z.enum(['newest', 'helpful'], { error: "sort must be 'newest' or 'helpful'." });
export type ReviewSort = z.infer<typeof ReviewSort>;

export const ReviewListQuery = z.object({
  sort: ReviewSort.default('newest'),
  page: z.coerce
    .number({ error: 'page must be a whole number.' })
    .int({ error: 'page must be a whole number.' })
    .min(1, { error: 'page must be at least 1.' })
    .max(10_000, { error: 'page must be at most 10000.' })
    .default(1),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewListResponse = z.object({
  data: z.array(Review),
  rating: ProductRating,
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

/** A review as the merchant moderates it. */
export const AdminReview = SubmittedReview.extend({
  productTitle: z.string(),
  rejectReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewListQuery = z.object({ status: ReviewStatus.optional() });
export type AdminReviewListQuery = z.infer<typeof AdminReviewListQuery>;

export const AdminReviewListResponse = z.object({
  data: z.array(AdminReview),
  counts: z.record(z.string(), z.number()),
});
export type AdminReviewListResponse = z.infer<typeof AdminReviewListResponse>;

export const RejectReviewRequest = z.object({
  reason: z
    .string({ error: 'reason is required: say why the review is rejected.' })
    .trim()
    .min(1, { error: 'reason is required: say why the review is rejected.' })
    .max(500, { error: 'reason is at most 500 characters.' }),
});
export type RejectReviewRequest = z.infer<typeof RejectReviewRequest>;

export const ReplyReviewRequest = z.object({
  reply: z
    .string({ error: 'reply is required.' })
    .trim()
    .min(1, { error: 'reply is required.' })
    .max(2000, { error: 'reply is at most 2000 characters.' }),
});
export type ReplyReviewRequest = z.infer<typeof ReplyReviewRequest>;
