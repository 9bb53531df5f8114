import type {
  AccountInfo,
  AuthorizeResponse,
  PasswordResetResponse,
  SignInCodeResponse,
  VerifyEmailResponse,
} from '@netkart/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiResult, apiRequest } from '@/lib/api-client';

export const authorize = (email: string, password: string, rememberMe?: boolean) =>
  apiRequest<Partial<AuthorizeResponse>>('/users/authorize', {
    method: 'POST',
    body: { email, password, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });

export const register = (input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The page's language: kept on the account, for its emails (English when left out). */
  language?: 'en' | 'hi';
}) => apiRequest<unknown>('/users/register', { method: 'POST', body: input });

/** Always answered alike (202) whether or not the email has an account; 429 when asked too often. */
export const requestPasswordReset = (email: string) =>
  apiRequest<PasswordResetResponse>('/users/password-reset', { method: 'POST', body: { email } });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<PasswordResetResponse>('/users/password-reset/confirm', { method: 'POST', body: { token, password } });

/** The link sent to an email added to the account, followed: the email is the account's, proved. */
export const confirmEmail = (token: string) =>
  apiRequest<VerifyEmailResponse>('/account/email/verify', { method: 'POST', body: { token } });

/** A 6-digit code texted to the number: answered alike (202) whether or not it has an account; 429 when asked too often. */
export const requestSignInCode = (phone: string) =>
  apiRequest<SignInCodeResponse>('/users/otp', { method: 'POST', body: { phone } });

/** The code typed back: a token, as /users/authorize answers; the account is made on a number's first sign-in. */
export const verifySignInCode = (phone: string, code: string, rememberMe?: boolean) =>
  apiRequest<Partial<AuthorizeResponse>>('/users/otp/verify', {
    method: 'POST',
    body: { phone, code, ...(rememberMe === undefined ? {} : { rememberMe }) },
  });

/** A signed-in shopper adds a mobile number: a code to it, then the code typed back. */
export const requestAddPhoneCode = (phone: string) =>
  apiRequest<SignInCodeResponse>('/account/phone', { method: 'POST', body: { phone } });

export const verifyAddPhoneCode = (phone: string, code: string) =>
  apiRequest<AccountInfo>('/account/phone/verify', { method: 'POST', body: { phone, code } });

export const logout = () => apiRequest<unknown>('/users/logout', { method: 'POST', body: {} });

/** Spec section 7: the response's data field if present, otherwise the whole body. */
export async function fetchAccountInfo(): Promise<ApiResult<AccountInfo>> {
  const result = await apiRequest<AccountInfo | { data: AccountInfo }>('/accountInfo');
  if (!result.ok) return result;
  const body = result.data;
  const info = body && typeof body === 'object' && 'data' in body && body.data ? body.data : (body as AccountInfo);
  return { ...result, data: info };
}

/**
 * The signed-in shopper's account: one query for the auth context (which restores the session with
 * it) and the account page. Fails with the status as its message, or 'no response received'.
 */
export const accountInfoQuery = queryOptions({
  queryKey: ['accountInfo'],
  queryFn: async () => {
    const result = await fetchAccountInfo();
    if (!result.ok)
      throw new ApiError(result.status, result.status === null ? 'no response received' : `${result.status}`);
    return result.data;
  },
  retry: false,
});

export const useAccountInfo = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...accountInfoQuery, enabled: options.enabled ?? true });
