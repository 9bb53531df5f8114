import {
  ACCOUNT_DELETED,
  AccountExport,
  DELETE_CODE_SENT,
  DeleteAccountRequest,
  NO_PHONE_FOR_CODE,
  SignInCodeResponse,
} from '@netkart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { giveBackAll, inMinutes, limitKey, takeAll, tooMany } from '../../http/limits.js';
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

  // A code to the account's own phone, to delete it without a password (a phone account has none).
  const askCode = { response: withErrors({ 202: SignInCodeResponse }) };
  api.post('/account/delete-code', { schema: askCode }, async (request, reply) => {
    const user = requireUser(request);
    if (!user.phone) throw new HttpError(400, NO_PHONE_FOR_CODE, {}, 'code');
    // The sign-in codes' own limits: per network address, then per number.
    const addressWait = await limits.signInCodesByAddress.take(limitKey(request.store.id, request.ip));
    if (addressWait)
      throw tooMany(
        addressWait,
        `Too many codes asked for from this network. Please try again in ${inMinutes(addressWait)}.`,
      );
    const phoneWait = await limits.signInCodesByPhone.take(limitKey(request.store.id, user.phone));
    if (phoneWait)
      throw tooMany(phoneWait, `Too many codes sent to this number. Please try again in ${inMinutes(phoneWait)}.`);
    await privacy.sendDeleteCode(request.store, user);
    return reply.code(202).send({ message: DELETE_CODE_SENT, expiresInMinutes: privacy.codeMinutes });
  });

  const erase = { body: DeleteAccountRequest, response: withErrors({ 200: z.object({ message: z.string() }) }) };
  api.delete('/account', { schema: erase }, async (request, reply) => {
    const user = requireUser(request);
    const proof = valid(request, 'body');
    // A wrong password or code counts as a failed sign-in: a stolen session cannot guess its way to erasure.
    const places = failurePlaces(request, user.email ?? user.id);
    const full = await takeAll(places);
    if (full) throw tooMany(full.wait, 'Too many wrong passwords or codes. Please try again later.');
    try {
      await asTrusted(() => privacy.erase(request.store, user, proof));
    } catch (error) {
      // Only a wrong password or code keeps its places.
      if (!(error instanceof HttpError && (error.field === 'password' || error.field === 'code'))) {
        await giveBackAll(places);
      }
      throw error;
    }
    await giveBackAll(places);
    return reply.send({ message: ACCOUNT_DELETED });
  });
}
