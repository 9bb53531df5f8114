import type { FastifyRequest } from 'fastify';

/** The origin the shopper reached us on. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Where the storefront lives: the same origin, or the host without its `api.` prefix. */
export function storefrontOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host.replace(/^api\./, '')}`;
}
