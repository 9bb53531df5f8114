import { NewsletterRequest, NewsletterResponse } from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitKey, tooMany } from '../../http/limits.js';
import { API_PREFIX } from '../../http/paths.js';
import { describeRoutes, notJson, valid, withErrors } from '../../http/wire.js';
import { storefrontOrigin } from '../../shared/origins.js';
import { confirmPage, unknownLinkPage, unsubscribedPage } from './pages.js';
import { type NewsletterService, SUBSCRIBED_MESSAGE, UNSUBSCRIBE_PATH } from './service.js';

/** Bodies of one-click unsubscribes are only `List-Unsubscribe=One-Click`: the token is in the URL. */
const ONE_CLICK_BODY_LIMIT = 16 * 1024;

const tokenOf = (request: FastifyRequest): string => {
  const token = (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token.trim() : '';
};

const sendPage = (reply: FastifyReply, statusCode: number, html: string) =>
  reply.code(statusCode).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

export async function newsletterRoutes(
  app: FastifyInstance,
  { newsletter }: { newsletter: NewsletterService },
): Promise<void> {
  describeRoutes(app, { tag: 'newsletter' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  // RFC 8058 mail clients post the one-click body as multipart/form-data (or urlencoded, parsed app-wide).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  const subscribe = { body: NewsletterRequest, response: withErrors({ 201: NewsletterResponse }) };
  api.post('/newsletter', { schema: subscribe }, async (request, reply) => {
    const input = valid(request, 'body');
    const wait = await limits.subscriptionsByAddress.take(limitKey(request.store.id, request.ip));
    if (wait) {
      throw tooMany(
        wait,
        `Too many newsletter sign-ups from this network. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
      );
    }
    // The same answer for a new address and one already subscribed: a sign-up tells nobody who is on the list.
    await newsletter.subscribe(request.store, input);
    return reply.code(201).send({ message: SUBSCRIBED_MESSAGE });
  });

  // The link of every newsletter: `?token=` is read as it comes (a missing or odd one is an unknown link's page).
  const pages = {
    description: 'The page of an unsubscribe link (`?token=` from the email).',
    response: { 200: notJson('text/html', 'The page'), 404: notJson('text/html', 'An unknown link') },
  };
  app.get(UNSUBSCRIBE_PATH, { schema: pages }, async (request, reply) => {
    const token = tokenOf(request);
    const subscriber = await newsletter.byToken(request.store.id, token);
    const home = `${storefrontOrigin(request)}/`;
    if (!subscriber) return sendPage(reply, 404, unknownLinkPage(request.store, home));
    if (subscriber.withdrawn_at) return sendPage(reply, 200, unsubscribedPage(request.store, subscriber, home));
    const action = `${API_PREFIX}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
    return sendPage(reply, 200, confirmPage(request.store, subscriber, action));
  });

  // The page's button and RFC 8058 one-click both post here; a second time is still unsubscribed.
  const leave = {
    description: "Leaves the newsletter (`?token=`): the page's button, and RFC 8058 one-click from mail clients.",
    response: pages.response,
  };
  app.post(UNSUBSCRIBE_PATH, { schema: leave }, async (request, reply) => {
    const subscriber = await newsletter.unsubscribe(request.store.id, tokenOf(request));
    const home = `${storefrontOrigin(request)}/`;
    if (!subscriber) return sendPage(reply, 404, unknownLinkPage(request.store, home));
    return sendPage(reply, 200, unsubscribedPage(request.store, subscriber, home));
  });
}
