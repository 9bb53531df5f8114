import { AuthorizeRequest, PasswordResetConfirmRequest, PasswordResetRequest, RegisterRequest } from '@store/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import { limitKey, tooMany } from '../../http/limits.js';
import type { PasswordResets } from './password-reset.js';
import { type AccountService, toAccountInfo } from './service.js';

/** The same answer whether or not the email has an account: the form must not tell who shops here. */
export const RESET_REQUESTED = 'If an account exists for that email, we have sent a link';
export const PASSWORD_CHANGED = 'Your password has been changed. Please sign in.';

export async function accountRoutes(
  app: FastifyInstance,
  { accounts, passwordResets }: { accounts: AccountService; passwordResets: PasswordResets },
): Promise<void> {
  const { limits } = app;
  const addressKey = (request: FastifyRequest) => limitKey(request.store.id, request.ip);

  app.post('/users/register', async (request, reply) => {
    const wait = await limits.registrationsByAddress.retryAfter(addressKey(request));
    if (wait) throw tooMany(wait, 'Too many registrations from this network. Please try again later.');
    const input = parse(RegisterRequest, request.body);
    await limits.registrationsByAddress.count(addressKey(request));
    const user = await accounts.register(request.store.id, input);
    return reply.code(201).send({ id: user.id, message: 'Account created.' });
  });

  app.post('/users/authorize', async (request) => {
    const input = parse(AuthorizeRequest, request.body);
    const byAddress = addressKey(request);
    // Failures count per email and address: an attacker elsewhere never locks the owner out.
    const byEmailAndAddress = limitKey(request.store.id, input.email, request.ip);
    const byEmail = limitKey(request.store.id, input.email);
    const addressWait = await limits.signInFailuresByAddress.retryAfter(byAddress);
    if (addressWait) throw tooMany(addressWait, 'Too many sign-in attempts from this network. Please try again later.');
    const emailWait = Math.max(
      await limits.signInFailuresByEmailAndAddress.retryAfter(byEmailAndAddress),
      await limits.signInFailuresByEmail.retryAfter(byEmail),
    );
    if (emailWait) {
      const minutes = Math.ceil(emailWait / 60);
      throw tooMany(emailWait, `Too many failed sign-ins for this email. Please try again in ${minutes} minute(s).`);
    }
    try {
      const token = await accounts.authorize(request.store.id, input);
      await limits.signInFailuresByEmailAndAddress.reset(byEmailAndAddress);
      return { token };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) {
        await limits.signInFailuresByAddress.count(byAddress);
        await limits.signInFailuresByEmailAndAddress.count(byEmailAndAddress);
        await limits.signInFailuresByEmail.count(byEmail);
      }
      throw error;
    }
  });

  app.post('/users/logout', async (request, reply) => {
    const token = request.bearerToken;
    if (token) await accounts.revoke(token);
    return reply.code(204).send();
  });

  app.post('/users/password-reset', async (request, reply) => {
    const addressWait = await limits.passwordResetsByAddress.take(addressKey(request));
    if (addressWait) {
      throw tooMany(addressWait, `Too many password reset requests from this network. ${tryAgainIn(addressWait)}`);
    }
    const { email } = parse(PasswordResetRequest, request.body);
    // Counted for every email alike, known or not, so the limit tells nothing about who has an account.
    const emailWait = await limits.passwordResetsByEmail.take(limitKey(request.store.id, email));
    if (emailWait) {
      throw tooMany(emailWait, `Too many password reset requests for this email. ${tryAgainIn(emailWait)}`);
    }
    await passwordResets.request(request.store, email);
    return reply.code(202).send({ message: RESET_REQUESTED });
  });

  app.post('/users/password-reset/confirm', async (request) => {
    const input = parse(PasswordResetConfirmRequest, request.body);
    await passwordResets.confirm(request.store.id, input);
    return { message: PASSWORD_CHANGED };
  });

  app.get('/accountInfo', async (request) => toAccountInfo(requireUser(request)));
}

const tryAgainIn = (seconds: number) => `Please try again in ${Math.ceil(seconds / 60)} minute(s).`;
