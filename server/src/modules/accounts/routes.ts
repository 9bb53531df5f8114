import {
  AccountInfo,
  AccountSessions,
  AuthorizeRequest,
  AuthorizeResponse,
  ChangePasswordRequest,
  ChangePasswordResponse,
  EndedSessions,
  PASSWORD_UPDATED,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
  PasswordResetResponse,
  RegisterRequest,
  RegisterResponse,
  SessionParams,
  SetLanguageRequest,
} from '@netkart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { giveBackAll, inMinutes, limitKey, SignInAttempt, takeAll, tooMany } from '../../http/limits.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import { newId } from '../../shared/ids.js';
import type { AuditLog } from '../audit/service.js';
import { deviceOf } from './devices.js';
import { asStranger, asTrusted } from './hash-queue.js';
import type { PasswordChanges } from './password-change.js';
import type { PasswordResets } from './password-reset.js';
import { type AccountService, toAccountInfo } from './service.js';
import type { ShopperSessions } from './sessions.js';

/** The same answer whether or not the email has an account: the form must not tell who shops here. */
export const RESET_REQUESTED = 'If an account exists for that email, we have sent a link';
export const PASSWORD_CHANGED = 'Your password has been changed. Please sign in.';

export async function accountRoutes(
  app: FastifyInstance,
  {
    accounts,
    passwordResets,
    passwordChanges,
    sessions,
    audit,
  }: {
    accounts: AccountService;
    passwordResets: PasswordResets;
    passwordChanges: PasswordChanges;
    sessions: ShopperSessions;
    audit: AuditLog;
  },
): Promise<void> {
  describeRoutes(app, { tag: 'accounts' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  const addressKey = (request: FastifyRequest) => limitKey(request.store.id, request.ip);

  const register = { body: RegisterRequest, response: withErrors({ 201: RegisterResponse }) };
  api.post('/users/register', { schema: register }, async (request, reply) => {
    const input = valid(request, 'body');
    // Taken before the password is hashed: a burst of registrations gets exactly the limit's worth.
    const wait = await limits.registrationsByAddress.take(addressKey(request));
    if (wait) throw tooMany(wait, 'Too many registrations from this network. Please try again later.');
    const user = await asStranger(request.ip, () => accounts.register(request.store.id, input));
    // An email that has an account gets the same answer (its owner is emailed), with an id of nothing.
    return reply.code(201).send({ id: user?.id ?? newId(), message: 'Account created.' });
  });

  const authorize = { body: AuthorizeRequest, response: withErrors({ 200: AuthorizeResponse }) };
  api.post('/users/authorize', { schema: authorize }, async (request) => {
    const input = valid(request, 'body');
    // Failures count per email and address, per address, and per email from anywhere; each place is
    // taken before the password is hashed, so a burst of N+k wrong passwords gets exactly N checked.
    const attempt = await limits.beginSignIn(request.store.id, input.email, request.ip);
    if (!(attempt instanceof SignInAttempt)) {
      if (attempt.refused === 'address') {
        throw tooMany(attempt.wait, 'Too many sign-in attempts from this network. Please try again later.');
      }
      throw tooMany(
        attempt.wait,
        `Too many failed sign-ins for this email. Please try again in ${inMinutes(attempt.wait)}.`,
      );
    }
    const signInEntry = { storeId: request.store.id, email: input.email, address: request.ip };
    let token: string;
    try {
      token = await asStranger(request.ip, () =>
        accounts.authorize(request.store.id, input, deviceOf(request.headers['user-agent'])),
      );
    } catch (error) {
      // A wrong password keeps its places; anything else (a busy queue, a database fault) checked nothing.
      const failed = error instanceof HttpError && error.statusCode === 401;
      if (failed) await audit.signIn({ ...signInEntry, action: 'account.sign-in-failed' });
      else await attempt.undone();
      throw error;
    }
    await attempt.succeeded();
    await audit.signIn({ ...signInEntry, action: 'account.sign-in' });
    return { token };
  });

  const logout = { security: SHOPPER_TOKEN, response: withErrors({ 204: z.undefined() }) };
  api.post('/users/logout', { schema: logout }, async (request, reply) => {
    const token = request.bearerToken;
    if (token) await accounts.revoke(token);
    return reply.code(204).send();
  });

  const reset = { body: PasswordResetRequest, response: withErrors({ 202: PasswordResetResponse }) };
  api.post('/users/password-reset', { schema: reset }, async (request, reply) => {
    const addressWait = await limits.passwordResetsByAddress.take(addressKey(request));
    if (addressWait) {
      throw tooMany(addressWait, `Too many password reset requests from this network. ${tryAgainIn(addressWait)}`);
    }
    const { email } = valid(request, 'body');
    // Counted for every email alike, known or not, so the limit tells nothing about who has an account.
    const emailWait = await limits.passwordResetsByEmail.take(limitKey(request.store.id, email));
    if (emailWait) {
      throw tooMany(emailWait, `Too many password reset requests for this email. ${tryAgainIn(emailWait)}`);
    }
    await passwordResets.request(request.store, email);
    return reply.code(202).send({ message: RESET_REQUESTED });
  });

  const confirm = { body: PasswordResetConfirmRequest, response: withErrors({ 200: PasswordResetResponse }) };
  api.post('/users/password-reset/confirm', { schema: confirm }, async (request) => {
    const input = valid(request, 'body');
    await asStranger(request.ip, () => passwordResets.confirm(request.store.id, input));
    return { message: PASSWORD_CHANGED };
  });

  const accountInfo = { security: SHOPPER_TOKEN, response: withErrors({ 200: AccountInfo }) };
  api.get('/accountInfo', { schema: accountInfo }, async (request) => toAccountInfo(requireUser(request)));

  const setLanguage = { security: SHOPPER_TOKEN, body: SetLanguageRequest, response: withErrors({ 200: AccountInfo }) };
  api.post('/account/language', { schema: setLanguage }, async (request) => {
    const user = requireUser(request);
    const { language } = valid(request, 'body');
    return toAccountInfo(await accounts.setLanguage(request.store.id, user.id, language));
  });

  const changePassword = {
    security: SHOPPER_TOKEN,
    body: ChangePasswordRequest,
    response: withErrors({ 200: ChangePasswordResponse }),
  };
  api.post('/account/password', { schema: changePassword }, async (request) => {
    const user = requireUser(request);
    const input = valid(request, 'body');
    // A wrong current password counts as a failed sign-in, in the sign-in form's own places: a
    // borrowed or stolen session cannot guess the password here any faster than there.
    const places = [
      [limits.signInFailuresByAddress, limitKey(request.store.id, request.ip)],
      [limits.signInFailuresByEmailAndAddress, limitKey(request.store.id, user.email ?? user.id, request.ip)],
    ] as const;
    const full = await takeAll(places);
    if (full) throw tooMany(full.wait, `Too many wrong passwords. Please try again in ${inMinutes(full.wait)}.`);
    let otherSessionsEnded: number;
    try {
      otherSessionsEnded = await asTrusted(() =>
        passwordChanges.change(request.store, user, signedInToken(request), input),
      );
    } catch (error) {
      // Only a wrong current password keeps its places.
      if (!(error instanceof HttpError && error.field === 'currentPassword')) await giveBackAll(places);
      throw error;
    }
    await giveBackAll(places);
    return { message: PASSWORD_UPDATED, otherSessionsEnded };
  });

  const mySessions = { security: SHOPPER_TOKEN, response: withErrors({ 200: AccountSessions }) };
  api.get('/account/sessions', { schema: mySessions }, async (request) => {
    const user = requireUser(request);
    return { sessions: await sessions.list(request.store.id, user.id, signedInToken(request)) };
  });

  const endOne = { security: SHOPPER_TOKEN, params: SessionParams, response: withErrors({ 204: z.undefined() }) };
  api.delete('/account/sessions/:id', { schema: endOne }, async (request, reply) => {
    const user = requireUser(request);
    await sessions.end(request.store.id, user.id, valid(request, 'params').id);
    return reply.code(204).send();
  });

  const endOthers = { security: SHOPPER_TOKEN, response: withErrors({ 200: EndedSessions }) };
  api.delete('/account/sessions', { schema: endOthers }, async (request) => {
    const user = requireUser(request);
    return { ended: await sessions.endOthers(request.store.id, user.id, signedInToken(request)) };
  });
}

/** The bearer token of a request whose user is known (requireUser passed): it is there. */
const signedInToken = (request: FastifyRequest): string => request.bearerToken ?? '';

const tryAgainIn = (seconds: number) => `Please try again in ${Math.ceil(seconds / 60)} minute(s).`;
