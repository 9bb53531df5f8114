import type { AdminReview, AdminReviewListResponse, ReviewStatus } from '@netkart/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../auth/session';
import { adminRequest } from '../lib/api-client';

export const reviewsKey = ['admin', 'reviews'] as const;

/** The store's reviews, newest first, in one status or all. */
export function useReviewList(status: ReviewStatus | undefined) {
  return useQuery({
    queryKey: [...reviewsKey, 'list', status ?? 'all'],
    queryFn: ({ signal }) => adminRequest<AdminReviewListResponse>('/reviews', { query: { status }, signal }),
  });
}

export type ReviewMove = { move: 'approve' } | { move: 'reject'; reason: string } | { move: 'reply'; reply: string };

/** One moderation of a review (approve, reject with a reason, reply); the lists are read again. */
export function useMoveReview(id: string) {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: ReviewMove) => {
      const body =
        move.move === 'reject' ? { reason: move.reason } : move.move === 'reply' ? { reply: move.reply } : {};
      return adminRequest<AdminReview>(`/reviews/${encodeURIComponent(id)}/${move.move}`, {
        method: 'POST',
        body,
        csrfToken,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}
