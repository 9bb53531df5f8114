import type { FastifyInstance } from 'fastify';

/** Answers about an account, an order or a payment: never kept by a browser or a shared cache. */
const PRIVATE_PATHS = [
  /^\/accountInfo$/,
  /^\/orders(\/[^/]*)?$/,
  /^\/users\/(authorize|register|logout)$/,
  /^\/payments$/,
];

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATHS.some((pattern) => pattern.test(path));
}

/** Within the API scope (`prefix`): every answer to a private path, errors included, is `no-store`. */
export function markPrivateAnswers(api: FastifyInstance, prefix: string): void {
  api.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0]?.slice(prefix.length) ?? '';
    if (isPrivatePath(path)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
