import {
  AddEmailRequest,
  AddEmailResponse,
  EMAIL_LINK_SENT,
  EMAIL_VERIFIED,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@netkart/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.js';
import { inMinutes, limitKey, tooMany } from '../../http/limits.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { EMAIL_LINK_MINUTES, type EmailVerifications } from './email-verification.js';

/**
 * A phone account adds an email (POST /account/email): a link is sent to it, and following it
 * (POST /account/email/verify, from the link's page) gives the account the email, proved. Then a
 * password can be set for it through the password reset.
 */
export async function emailVerificationRoutes(
  app: FastifyInstance,
  { emailVerifications }: { emailVerifications: EmailVerifications },
): Promise<void> {
  describeRoutes(app, { tag: 'accounts' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;

  const add = { security: SHOPPER_TOKEN, body: AddEmailRequest, response: withErrors({ 202: AddEmailResponse }) };
  api.post('/account/email', { schema: add }, async (request, reply) => {
    const user = requireUser(request);
    // The password reset's limits: a link to an inbox, per network address and per email.
    const addressWait = await limits.passwordResetsByAddress.take(limitKey(request.store.id, request.ip));
    if (addressWait) {
      throw tooMany(
        addressWait,
        `Too many links asked for from this network. Please try again in ${inMinutes(addressWait)}.`,
      );
    }
    const { email } = valid(request, 'body');
    // Counted for every email alike, free or taken: the limit tells nothing about who shops here.
    const emailWait = await limits.passwordResetsByEmail.take(limitKey(request.store.id, email));
    if (emailWait) {
      throw tooMany(emailWait, `Too many links sent to this email. Please try again in ${inMinutes(emailWait)}.`);
    }
    await emailVerifications.request(request.store, user, email);
    return reply.code(202).send({ message: EMAIL_LINK_SENT, expiresInMinutes: EMAIL_LINK_MINUTES });
  });

  const verify = { body: VerifyEmailRequest, response: withErrors({ 200: VerifyEmailResponse }) };
  api.post('/account/email/verify', { schema: verify }, async (request) => {
    const { token } = valid(request, 'body');
    const email = await emailVerifications.confirm(request.store.id, token);
    return { message: EMAIL_VERIFIED, email };
  });
}
