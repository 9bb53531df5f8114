import { Id, STOCK_NOTICE_RECORDED, StockNoticeRequest, StockNoticeResponse } from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitKey, tooMany } from '../../http/limits.js';
import { describeRoutes, valid, withErrors } from '../../http/wire.js';
import type { StockNotices } from './service.js';

export async function stockNoticeRoutes(app: FastifyInstance, { notices }: { notices: StockNotices }): Promise<void> {
  describeRoutes(app, { tag: 'products' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  const notify = {
    description:
      'Notify me: one email to this address when the out-of-stock product (or its variant named by `variantSku`) is back (409 while it is in stock).',
    params: z.object({ id: Id }),
    body: StockNoticeRequest,
    response: withErrors({ 201: StockNoticeResponse }),
  };
  api.post('/products/:id/notify', { schema: notify }, async (request, reply) => {
    const { email, variantSku, language } = valid(request, 'body');
    // The newsletter's limit per network address, counted apart from its sign-ups.
    const wait = await limits.subscriptionsByAddress.take(limitKey(request.store.id, 'notify', request.ip));
    if (wait) {
      throw tooMany(
        wait,
        `Too many "notify me" requests from this network. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
      );
    }
    // The same answer for a new wish and one already waiting: it tells nobody who else asked.
    // Its email in the language of the page it is left from; else a signed-in shopper's own; else English.
    const writtenIn = language ?? request.user?.language ?? 'en';
    await notices.wish(request.store.id, valid(request, 'params').id, email, variantSku, writtenIn);
    return reply.code(201).send({ message: STOCK_NOTICE_RECORDED });
  });
}
