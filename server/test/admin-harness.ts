import { randomBytes } from 'node:crypto';
import { ADMIN_CSRF_HEADER, ADMIN_SESSION_COOKIE, type StaffRole } from '@netkart/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { STORE_COMMAND_ACTOR } from '../src/modules/audit/service.js';
import type { TestShop } from './harness.js';

/** A back-office account made as `store staff add` makes it; returns what its owner would type. */
export async function addStaff(
  shop: TestShop,
  options: { role?: StaffRole; storeId?: string | null; totp?: boolean } = {},
) {
  const email = `staff.${randomBytes(4).toString('hex')}@netkart.in`;
  const password = 'packing tape 42';
  const { staff, totpUri } = await shop.services.staff.add(
    {
      email,
      name: 'Asha Rao',
      role: options.role ?? 'owner',
      storeId: options.storeId === undefined ? shop.storeId : options.storeId,
      password,
      totp: options.totp ?? false,
    },
    STORE_COMMAND_ACTOR,
  );
  return { email, password, staff, totpUri };
}

/**
 * A browser on the back office: keeps the session cookie it is given, and sends the session's
 * CSRF token with every state-changing call, as the back office's pages do.
 */
export function adminClient(app: FastifyInstance, extraHeaders: Record<string, string> = {}) {
  let cookie = '';
  let csrfToken = '';
  const { host = 'localhost:8044', ...headers } = extraHeaders;

  const send = async (
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    override: Record<string, string> = {},
  ) => {
    const answer = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        host,
        ...headers,
        ...(cookie ? { cookie: `${ADMIN_SESSION_COOKIE}=${cookie}` } : {}),
        ...(csrfToken && method !== 'GET' ? { [ADMIN_CSRF_HEADER]: csrfToken } : {}),
        ...override,
      },
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    const set = answer.cookies.find((each) => each.name === ADMIN_SESSION_COOKIE);
    if (set) cookie = set.value;
    return answer;
  };

  const client = {
    get cookie() {
      return cookie;
    },
    async signIn(email: string, password: string, code?: string) {
      const answer = await send('POST', '/admin/session', { email, password, ...(code ? { code } : {}) });
      if (answer.statusCode === 200) csrfToken = answer.json().csrfToken;
      return answer;
    },
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown = {}) => send('POST', url, body),
    send,
    /** Another browser holding this cookie (an old copy of it after sign-out, say). */
    withCookie(value: string) {
      return {
        get: (url: string) =>
          app.inject({
            method: 'GET',
            url: `/api/v1${url}`,
            headers: { host, cookie: `${ADMIN_SESSION_COOKIE}=${value}` },
          }),
      };
    },
  };
  return client;
}
