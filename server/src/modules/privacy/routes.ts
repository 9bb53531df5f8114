import { ACCOUNT_DELETED, AccountExport, DeleteAccountRequest } from '@store/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { limitKey, tooMany } from '../../http/limits.js';
import { PRIVATE_ANSWER_CACHING } from '../../http/private-answers.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { PrivacyService } from './service.js';

/** A shopper's copy of their data, and the deletion of their account (bearer). */
export async function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }): Promise<void> {
  describeRoutes(app, { tag: 'privacy', security: SHOPPER_TOKEN });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  const failureKeys = (request: FastifyRequest, email: string) => ({
    address: limitKey(request.store.id, request.ip),
    email: limitKey(request.store.id, email, request.ip),
  });

  api.post('/account/export', { schema: { response: withErrors({ 200: AccountExport }) } }, async (request, reply) => {
    const user = requireUser(request);
    const data = await privacy.exportOf(request.store, user);
    return reply
      .header('content-disposition', `attachment; filename="my-data-${request.store.host}.json"`)
      .header('cache-control', PRIVATE_ANSWER_CACHING)
      .send(data);
  });

  const erase = { body: DeleteAccountRequest, response: withErrors({ 200: z.object({ message: z.string() }) }) };
  api.delete('/account', { schema: erase }, async (request, reply) => {
    const user = requireUser(request);
    const { password } = valid(request, 'body');
    // A wrong password counts as a failed sign-in: a stolen session cannot guess its way to erasure.
    const keys = failureKeys(request, user.email);
    const wait = Math.max(
      await limits.signInFailuresByAddress.retryAfter(keys.address),
      await limits.signInFailuresByEmailAndAddress.retryAfter(keys.email),
    );
    if (wait) throw tooMany(wait, 'Too many wrong passwords. Please try again later.');
    try {
      await privacy.erase(request.store, user, password);
    } catch (error) {
      if (error instanceof HttpError && error.field === 'password') {
        await limits.signInFailuresByAddress.count(keys.address);
        await limits.signInFailuresByEmailAndAddress.count(keys.email);
      }
      throw error;
    }
    return reply.send({ message: ACCOUNT_DELETED });
  });
}
