import {
  AccountInfo,
  AuthorizeResponse,
  SIGN_IN_CODE_SENT,
  SignInCodeRequest,
  SignInCodeResponse,
  SignInCodeVerifyRequest,
} from '@netkart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { giveBackAll, inMinutes, limitKey, takeAll, tooMany } from '../../http/limits.js';
import { describeRoutes, SHOPPER_TOKEN, valid, withErrors } from '../../http/wire.js';
import type { AuditLog } from '../audit/service.js';
import { deviceOf } from './devices.js';
import type { PhoneSignIn } from './phone-sign-in.js';
import { toAccountInfo } from './service.js';

/**
 * Signing in with a code sent to a mobile number (POST /users/otp, then /users/otp/verify), and a
 * signed-in shopper adding a verified number (POST /account/phone, then /account/phone/verify).
 */
export async function phoneSignInRoutes(
  app: FastifyInstance,
  { phoneSignIn, audit, codeMinutes }: { phoneSignIn: PhoneSignIn; audit: AuditLog; codeMinutes: number },
): Promise<void> {
  describeRoutes(app, { tag: 'accounts' });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  const sent = { message: SIGN_IN_CODE_SENT, expiresInMinutes: codeMinutes };

  /** Codes asked for from this address, then for this number: taken before anything is sent. */
  async function takeCodePlaces(request: FastifyRequest, phone: () => string): Promise<void> {
    const addressWait = await limits.signInCodesByAddress.take(limitKey(request.store.id, request.ip));
    if (addressWait) {
      throw tooMany(
        addressWait,
        `Too many codes asked for from this network. Please try again in ${inMinutes(addressWait)}.`,
      );
    }
    // Counted for every number alike, with an account or without: the limit tells nobody who shops here.
    const phoneWait = await limits.signInCodesByPhone.take(limitKey(request.store.id, phone()));
    if (phoneWait) {
      throw tooMany(phoneWait, `Too many codes sent to this number. Please try again in ${inMinutes(phoneWait)}.`);
    }
  }

  /** A wrong code counts as a failed sign-in from this address (the password form's place); a right one gives it back. */
  async function checkingCode<T>(request: FastifyRequest, check: () => Promise<T>): Promise<T> {
    const places = [[limits.signInFailuresByAddress, limitKey(request.store.id, request.ip)] as const];
    const full = await takeAll(places);
    if (full)
      throw tooMany(full.wait, `Too many wrong codes from this network. Please try again in ${inMinutes(full.wait)}.`);
    try {
      const result = await check();
      await giveBackAll(places);
      return result;
    } catch (error) {
      if (!(error instanceof HttpError && error.field === 'code')) await giveBackAll(places);
      throw error;
    }
  }

  const ask = { body: SignInCodeRequest, response: withErrors({ 202: SignInCodeResponse }) };
  api.post('/users/otp', { schema: ask }, async (request, reply) => {
    let phone = '';
    await takeCodePlaces(request, () => {
      phone = valid(request, 'body').phone;
      return phone;
    });
    await phoneSignIn.sendSignInCode(request.store, phone);
    return reply.code(202).send(sent);
  });

  const verify = { body: SignInCodeVerifyRequest, response: withErrors({ 200: AuthorizeResponse }) };
  api.post('/users/otp/verify', { schema: verify }, async (request) => {
    const input = valid(request, 'body');
    const entry = { storeId: request.store.id, email: input.phone, address: request.ip };
    try {
      const token = await checkingCode(request, () =>
        phoneSignIn.signIn(request.store.id, input, deviceOf(request.headers['user-agent'])),
      );
      await audit.signIn({ ...entry, action: 'account.sign-in-by-code' });
      return { token };
    } catch (error) {
      if (error instanceof HttpError && error.field === 'code') {
        await audit.signIn({ ...entry, action: 'account.sign-in-failed' });
      }
      throw error;
    }
  });

  const askToAdd = {
    security: SHOPPER_TOKEN,
    body: SignInCodeRequest,
    response: withErrors({ 202: SignInCodeResponse }),
  };
  api.post('/account/phone', { schema: askToAdd }, async (request, reply) => {
    const user = requireUser(request);
    let phone = '';
    await takeCodePlaces(request, () => {
      phone = valid(request, 'body').phone;
      return phone;
    });
    await phoneSignIn.sendAddPhoneCode(request.store, user, phone);
    return reply.code(202).send(sent);
  });

  const add = { security: SHOPPER_TOKEN, body: SignInCodeVerifyRequest, response: withErrors({ 200: AccountInfo }) };
  api.post('/account/phone/verify', { schema: add }, async (request) => {
    const user = requireUser(request);
    const input = valid(request, 'body');
    await checkingCode(request, () => phoneSignIn.addPhone(request.store.id, user, input));
    return toAccountInfo({ ...user, phone: input.phone });
  });
}
