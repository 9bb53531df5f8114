import { AuthorizeRequest, RegisterRequest } from '@store/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../../config.js';
import { requireUser } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import { RateLimiter } from '../../http/rate-limiter.js';
import { type AccountService, toAccountInfo } from './service.js';

function tooMany(retryAfterSeconds: number, message: string): HttpError {
  return new HttpError(429, message, { 'retry-after': String(retryAfterSeconds) });
}

export async function accountRoutes(
  app: FastifyInstance,
  { accounts, limits }: { accounts: AccountService; limits: RateLimitConfig },
): Promise<void> {
  const loginAttemptsByIp = new RateLimiter(limits.loginAttemptsPerIp, limits.loginWindowMs);
  const loginFailuresByEmail = new RateLimiter(limits.loginFailuresPerEmail, limits.loginWindowMs);
  const registrationsByIp = new RateLimiter(limits.registrationsPerIp, limits.registrationWindowMs);
  const ipKey = (request: FastifyRequest) => `${request.store.id}|${request.ip}`;

  app.post('/users/register', async (request, reply) => {
    const wait = registrationsByIp.retryAfter(ipKey(request));
    if (wait) throw tooMany(wait, 'Too many registrations from this network. Please try again later.');
    const input = parse(RegisterRequest, request.body);
    registrationsByIp.hit(ipKey(request));
    const user = await accounts.register(request.store.id, input);
    return reply.code(201).send({ id: user.id, message: 'Account created.' });
  });

  app.post('/users/authorize', async (request) => {
    const ipWait = loginAttemptsByIp.retryAfter(ipKey(request));
    if (ipWait) throw tooMany(ipWait, 'Too many sign-in attempts from this network. Please try again later.');
    loginAttemptsByIp.hit(ipKey(request));
    const input = parse(AuthorizeRequest, request.body);
    const emailKey = `${request.store.id}|${input.email}`;
    const emailWait = loginFailuresByEmail.retryAfter(emailKey);
    if (emailWait) {
      const minutes = Math.ceil(emailWait / 60);
      throw tooMany(emailWait, `Too many failed sign-ins for this email. Please try again in ${minutes} minute(s).`);
    }
    try {
      const token = await accounts.authorize(request.store.id, input);
      loginFailuresByEmail.reset(emailKey);
      return { token };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) loginFailuresByEmail.hit(emailKey);
      throw error;
    }
  });

  app.post('/users/logout', async (request, reply) => {
    const token = request.bearerToken;
    if (token) await accounts.revoke(token);
    return reply.code(204).send();
  });

  app.get('/accountInfo', async (request) => toAccountInfo(requireUser(request)));
}
