import {
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  SIGN_IN_LINK_OFFERED,
  StaffSession,
  StaffSignInLinkRequest,
  StaffSignInLinkUse,
  StaffSignInRequest,
} from '@netkart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffRow } from '../../db/schema.js';
import { HttpError, unauthorized } from '../../http/errors.js';
import { inMinutes, limitKey, SignInAttempt, takeAll, tooMany } from '../../http/limits.js';
import { PRIVATE_ANSWER_CACHING } from '../../http/private-answers.js';
import { valid, withErrors } from '../../http/wire.js';
import { asStranger } from '../accounts/hash-queue.js';
import type { AuditLog } from '../audit/service.js';
import { type StaffService, TwoFactorRequired } from '../staff/service.js';
import { SIGN_IN_LINK_SENT, type StaffSignInLinks } from '../staff/sign-in-links.js';
import { requirePower, roleOfStaff } from './permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of the back-office cookie, and the session's CSRF token. */
    staff?: { row: StaffRow; csrfToken: string; token: string };
  }
}

const NOT_SIGNED_IN = 'Please sign in to the back office.';
const FORGED = 'This request did not come from the back office. Reload the page and try again.';
const OWNERS_ONLY = 'Only an owner can do this.';
const LOCKED_BY_OTHERS =
  'Too many failed sign-ins for this email from elsewhere. Sign in with your authenticator code, or have a sign-in link emailed to you.';
const SignInLinkSent = z.object({ message: z.string() });

/**
 * Who is signed in to the back office, and the guard every admin route is behind: a session
 * cookie (never a shopper's token), and on every state-changing call the session's CSRF token
 * and a same-site Origin. Then the sign-in, session and sign-out routes.
 */
export async function adminSession(
  app: FastifyInstance,
  { staff, links, audit }: { staff: StaffService; links: StaffSignInLinks; audit: AuditLog },
): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', PRIVATE_ANSWER_CACHING);
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const session = token ? await staff.sessionFor(request.store.id, token) : undefined;
    if (token && session) request.staff = { row: session.staff, csrfToken: session.csrfToken, token };
  });
  // The role's powers (permissions.ts), before a body is even read as valid: a refused call is refused alike.
  app.addHook('preValidation', async (request) => {
    if (request.staff) requirePower(request, request.staff.row);
  });
  app.addHook('preHandler', async (request) => {
    const signingIn =
      request.method === 'POST' && /\/admin\/session(\/link|\/link\/use)?$/.test(request.routeOptions.url ?? '');
    if (signingIn) {
      // A sign-in posted from another site would sign the victim into the attacker's account.
      if (!sameOrigin(request)) throw new HttpError(403, FORGED);
      return;
    }
    if (!request.staff) throw unauthorized(NOT_SIGNED_IN);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (request.headers[ADMIN_CSRF_HEADER] !== request.staff.csrfToken || !sameOrigin(request)) {
        throw new HttpError(403, FORGED);
      }
    }
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const { limits } = app;
  // Signing in needs no session: it makes one (and sets its cookie).
  const signIn = { security: [], body: StaffSignInRequest, response: withErrors({ 200: StaffSession }) };
  api.post('/admin/session', { schema: signIn }, async (request, reply) => {
    const input = valid(request, 'body');
    let attempt = await limits.beginSignIn('staff', input.email, request.ip);
    // Past the email's limit from all addresses (strangers guessing), a right authenticator code
    // still lets its owner in: it is checked first, and only then the password.
    if (
      !(attempt instanceof SignInAttempt) &&
      attempt.refused === 'email-anywhere' &&
      input.code &&
      (await staff.codeIsRight(request.store.id, input.email, input.code))
    ) {
      attempt = await limits.beginSignIn('staff', input.email, request.ip, { skipEmailAnywhere: true });
    }
    if (!(attempt instanceof SignInAttempt)) {
      if (attempt.refused === 'email-anywhere') {
        // Strangers, not this person, used up the email's limit: other ways in stay open.
        throw new HttpError(429, LOCKED_BY_OTHERS, { 'retry-after': String(attempt.wait) }, SIGN_IN_LINK_OFFERED);
      }
      throw tooMany(attempt.wait, `Too many failed sign-ins. Please try again in ${inMinutes(attempt.wait)}.`);
    }
    const signInEntry = { storeId: request.store.id, email: input.email, address: request.ip };
    let token: string;
    try {
      token = await asStranger(request.ip, () => staff.signIn(request.store.id, input));
    } catch (error) {
      // A right password waiting for its code is not a failure; a wrong code is; anything else checked nothing.
      const failed = error instanceof HttpError && error.statusCode === 401 && !(error instanceof TwoFactorRequired);
      if (failed) await audit.signIn({ ...signInEntry, action: 'staff.sign-in-failed' });
      else await attempt.undone();
      throw error;
    }
    await attempt.succeeded();
    await audit.signIn({ ...signInEntry, action: 'staff.sign-in' });
    const session = await staff.sessionFor(request.store.id, token);
    if (!session) throw unauthorized(NOT_SIGNED_IN);
    setSessionCookie(request, reply, token);
    return sessionAnswer(request, session.staff, session.csrfToken);
  });

  const askLink = { security: [], body: StaffSignInLinkRequest, response: withErrors({ 202: SignInLinkSent }) };
  api.post('/admin/session/link', { schema: askLink }, async (request, reply) => {
    const { email } = valid(request, 'body');
    // The address's sign-in limit applies to asking too; and one mailbox gets a few links an hour at most.
    const full = await takeAll([
      [limits.signInFailuresByAddress, limitKey('staff', request.ip)],
      [limits.passwordResetsByEmail, limitKey('staff-link', email)],
    ]);
    if (full) throw tooMany(full.wait, `Too many sign-in link requests. Please try again in ${inMinutes(full.wait)}.`);
    await links.request(request.store, email);
    return reply.code(202).send({ message: SIGN_IN_LINK_SENT });
  });

  const useLink = { security: [], body: StaffSignInLinkUse, response: withErrors({ 200: StaffSession }) };
  api.post('/admin/session/link/use', { schema: useLink }, async (request, reply) => {
    const { token } = valid(request, 'body');
    const address = [limits.signInFailuresByAddress, limitKey('staff', request.ip)] as const;
    const wait = await address[0].take(address[1]);
    if (wait) throw tooMany(wait, `Too many failed sign-ins. Please try again in ${inMinutes(wait)}.`);
    const used = await links.use(request.store.id, token);
    await address[0].giveBack(address[1]);
    await audit.signIn({ storeId: request.store.id, email: used.email, action: 'staff.sign-in', address: request.ip });
    const session = await staff.sessionFor(request.store.id, used.session);
    if (!session) throw unauthorized(NOT_SIGNED_IN);
    setSessionCookie(request, reply, used.session);
    return sessionAnswer(request, session.staff, session.csrfToken);
  });

  api.get('/admin/session', { schema: { response: withErrors({ 200: StaffSession }) } }, async (request) => {
    const signedIn = signedInStaff(request);
    return sessionAnswer(request, signedIn.row, signedIn.csrfToken);
  });

  api.delete('/admin/session', { schema: { response: withErrors({ 204: z.undefined() }) } }, async (request, reply) => {
    await staff.signOut(signedInStaff(request).token);
    reply.clearCookie(ADMIN_SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });
}

export function signedInStaff(request: FastifyRequest) {
  if (!request.staff) throw unauthorized(NOT_SIGNED_IN);
  return request.staff;
}

export const staffOf = (request: FastifyRequest): StaffRow => signedInStaff(request).row;

/** Owners only: payment settings, store details, staff and the activity log. */
export function requireOwner(request: FastifyRequest): StaffRow {
  const staff = staffOf(request);
  if (staff.role !== 'owner') throw new HttpError(403, OWNERS_ONLY);
  return staff;
}

function sessionAnswer(request: FastifyRequest, staff: StaffRow, csrfToken: string): StaffSession {
  return {
    name: staff.name,
    email: staff.email,
    role: roleOfStaff(staff),
    twoFactor: staff.totp_secret !== null,
    csrfToken,
    store: { name: request.store.store_name, host: request.store.host },
  };
}

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(ADMIN_SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/**
 * Browsers name the page that sent a request in Origin (always on a cross-site POST); when it is
 * there it must be this host (or its storefront/API sibling's, which the CORS check already allows).
 */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const from = new URL(origin).host.toLowerCase().replace(/^api\./, '');
    const to = String(request.headers.host ?? '')
      .toLowerCase()
      .replace(/^api\./, '');
    return from === to;
  } catch {
    return false;
  }
}
