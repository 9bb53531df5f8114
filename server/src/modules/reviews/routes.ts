import {
  CreateReviewRequest,
  HelpfulVote,
  Id,
  ReviewListQuery,
  ReviewListResponse,
  SubmittedReview,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { SAME_FOR_EVERY_SHOPPER } from '../../http/conditional-get.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { ReviewService } from './service.js';

const ProductParams = z.object({ id: Id });

/**
 * POST /products/{id}/reviews: a buyer's review, kept pending for the merchant;
 * GET /products/{id}/reviews: the approved ones, newest or most helpful first, with the rating.
 */
export async function reviewRoutes(app: FastifyInstance, { reviews }: { reviews: ReviewService }): Promise<void> {
  describeRoutes(app, { tag: 'reviews' });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const write = {
    security: SHOPPER_TOKEN,
    params: ProductParams,
    body: CreateReviewRequest,
    response: withErrors({ 201: SubmittedReview }),
  };
  api.post('/products/:id/reviews', { schema: write }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = valid(request, 'params');
    const created = await reviews.submit(request.store.id, user, id, valid(request, 'body'));
    return reply.status(201).send(created);
  });

  const vote = {
    security: SHOPPER_TOKEN,
    description:
      "A signed-in shopper finds an approved review helpful: one vote each, not on one's own (403), a second is 409.",
    params: z.object({ id: Id }),
    response: withErrors({ 200: HelpfulVote }),
  };
  api.post('/reviews/:id/helpful', { schema: vote }, async (request) => {
    const user = requireUser(request);
    return reviews.voteHelpful(request.store.id, user, valid(request, 'params').id);
  });

  const read = {
    params: ProductParams,
    querystring: ReviewListQuery,
    response: withErrors({ 200: ReviewListResponse }),
  };
  api.get('/products/:id/reviews', { ...SAME_FOR_EVERY_SHOPPER, schema: read }, async (request) => {
    const { id } = valid(request, 'params');
    return reviews.listApproved(request.store.id, id, valid(request, 'query'));
  });
}
