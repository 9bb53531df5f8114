import { ACCOUNT_DELETED, AccountExport, DeleteAccountRequest } from '@netkart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { giveBackAll, limitKey, takeAll, tooMany } from '../../http/limits.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { asTrusted } from '../accounts/hash-queue.js';
import type { PrivacyService } from './service.js';

/** A shopper's copy of their data, and the deletion of their account (bearer). */
export async function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }): Promise<void> {
  describeRoutes(app, { tag: 'privacy', security: SHOPPER_TOKEN });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  const failurePlaces = (request: FastifyRequest, email: string) =>
    [
      [limits.signInFailuresByAddress, limitKey(request.store.id, request.ip)],
      [limits.signInFailuresByEmailAndAddress, limitKey(request.store.id, email, request.ip)],
    ] as const;

  api.post('/account/export', { schema: { response: withErrors({ 200: AccountExport }) } }, async (request, reply) => {
    const user = requireUser(request);
    const data = await privacy.exportOf(request.store, user);
    return reply.header('content-disposition', `attachment; filename="my-data-${request.store.host}.json"`).send(data);
  });

  const erase = { body: DeleteAccountRequest, response: withErrors({ 200: z.object({ message: z.string() }) }) };
  api.delete('/account', { schema: erase }, async (request, reply) => {
    const user = requireUser(request);
    const { password } = valid(request, 'body');
    // A wrong password counts as a failed sign-in: a stolen session cannot guess its way to erasure.
    const places = failurePlaces(request, user.email ?? user.id);
    const full = await takeAll(places);
    if (full) throw tooMany(full.wait, 'Too many wrong passwords. Please try again later.');
    try {
      await asTrusted(() => privacy.erase(request.store, user, password));
    } catch (error) {
      // Only a wrong password keeps its places.
      if (!(error instanceof HttpError && error.field === 'password')) await giveBackAll(places);
      throw error;
    }
    await giveBackAll(places);
    return reply.send({ message: ACCOUNT_DELETED });
  });
}
