import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token as sent, if any. */
    bearerToken: string | undefined;
    /** The signed-in user, when the bearer token is valid for this store. */
    user: UserRow | undefined;
  }
}

export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
