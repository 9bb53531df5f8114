import type {
  CreateReviewRequest,
  HelpfulVote,
  ReviewListResponse,
  ReviewSort,
  SubmittedReview,
} from '@netkart/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** A product's approved reviews, one page, newest first unless asked otherwise, with its rating. */
export const reviewsQuery = (productId: string | undefined, sort: ReviewSort = 'newest', page = 1) =>
  queryOptions({
    queryKey: ['reviews', productId, sort, page],
    enabled: !!productId,
    queryFn: async (): Promise<ReviewListResponse> => {
      const result = await apiRequest<ReviewListResponse>(`/products/${encodeURIComponent(productId ?? '')}/reviews`, {
        query: { sort, page: String(page) },
      });
      if (!result.ok) throw new ApiError(result.status, result.error ?? 'Failed to load reviews.');
      if (!result.data) throw new ApiError(result.status, 'Failed to load reviews.');
      return {
        data: Array.isArray(result.data.data) ? result.data.data : [],
        rating: result.data.rating ?? { average: 0, count: 0 },
        pagination: result.data.pagination ?? { page, limit: 10, total: 0 },
      };
    },
  });

/** A signed-in buyer's review: the server keeps it for the merchant to approve. */
export const submitReview = (productId: string, review: CreateReviewRequest) =>
  apiRequest<SubmittedReview>(`/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body: review });

/** '4.3 out of 5' style words for the stars, for screen readers and search engines alike. */
export const ratingWords = (average: number, count: number) =>
  `Rated ${average.toFixed(1)} out of 5 from ${count} review${count === 1 ? '' : 's'}`;

/** A signed-in shopper finds a review helpful: one vote each, not on their own (the server says why). */
export const voteHelpful = (reviewId: string) =>
  apiRequest<HelpfulVote>(`/reviews/${encodeURIComponent(reviewId)}/helpful`, { method: 'POST' });
