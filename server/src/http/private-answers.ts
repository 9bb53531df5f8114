import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a personal answer says to browsers and shared caches: keep nothing, not even privately. */
export const PRIVATE_ANSWER_CACHING = 'private, no-store';

/** Answers about an account, an order or a payment: never kept by a browser or a shared cache. */
const PRIVATE_PATHS = [
  /^\/accountInfo$/,
  /^\/account(\/.*)?$/,
  /^\/orders(\/[^/]*)?$/,
  // An invoice carries a name and an address.
  /^\/orders\/[^/]+\/(invoice|credit-note)$/,
  /^\/users\/.+$/,
  /^\/payments$/,
];

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATHS.some((pattern) => pattern.test(path));
}

/**
 * A signed-in shopper's answer is private unless its route is the same for every shopper (the
 * catalogue, which conditional-get.ts marks `private, no-cache` for them): whatever else reads the
 * session may carry their data.
 */
function isPersonal(request: FastifyRequest): boolean {
  return request.user !== undefined && request.routeOptions.config?.sameForEveryShopper !== true;
}

/** Within the API scope (`prefix`): every answer to a private path or a signed-in shopper, errors included. */
export function markPrivateAnswers(api: FastifyInstance, prefix: string): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]?.slice(prefix.length) ?? '';
    if (isPrivatePath(path) || isPersonal(request)) reply.header('cache-control', PRIVATE_ANSWER_CACHING);
    return payload;
  });
}
