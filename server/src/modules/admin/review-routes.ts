import {
  AdminReview,
  AdminReviewListQuery,
  AdminReviewListResponse,
  RejectReviewRequest,
  ReplyReviewRequest,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors.js';
import { valid, withErrors } from '../../http/wire.js';
import { staffActor } from '../audit/service.js';
import type { ReviewService } from '../reviews/service.js';
import { staffOf } from './session.js';

export interface ReviewsRouteOptions {
  reviews?: ReviewService | undefined;
}

const ReviewParams = z.object({ id: z.string().trim().min(1).max(40) });

/**
 * /api/v1/admin/reviews: the shoppers' reviews, approved or rejected with a reason (each logged with
 * who moderated it), and the merchant's reply. The reviews' own words are never edited here.
 */
export async function adminReviewRoutes(app: FastifyInstance, options: ReviewsRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reviewsOf = (): ReviewService => {
    if (!options.reviews) throw new HttpError(409, 'Reviews are not available here.');
    return options.reviews;
  };
  const by = (request: Parameters<typeof staffOf>[0]) => ({ actor: staffActor(staffOf(request)) });

  const list = { querystring: AdminReviewListQuery, response: withErrors({ 200: AdminReviewListResponse }) };
  api.get('/admin/reviews', { schema: list }, async (request) =>
    reviewsOf().list(request.store.id, valid(request, 'query')),
  );

  const move = <B extends z.ZodType>(body: B) => ({
    params: ReviewParams,
    body,
    response: withErrors({ 200: AdminReview }),
  });
  api.post('/admin/reviews/:id/approve', { schema: move(z.object({}).passthrough()) }, async (request) =>
    reviewsOf().approve(request.store.id, valid(request, 'params').id, by(request)),
  );
  api.post('/admin/reviews/:id/reject', { schema: move(RejectReviewRequest) }, async (request) =>
    reviewsOf().reject(request.store.id, valid(request, 'params').id, valid(request, 'body').reason, by(request)),
  );
  api.post('/admin/reviews/:id/reply', { schema: move(ReplyReviewRequest) }, async (request) =>
    reviewsOf().reply(request.store.id, valid(request, 'params').id, valid(request, 'body').reply, by(request)),
  );
}
