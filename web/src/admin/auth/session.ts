import {
  roleMay,
  type StaffPower,
  type StaffSession,
  type StaffSignInLinkRequest,
  type StaffSignInRequest,
} from '@netkart/contract';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { AdminApiError, adminRequest } from '../lib/api-client';

export const SESSION_KEY = ['admin', 'session'] as const;

/** The signed-in staff member, or null when nobody is signed in. */
async function readSession(): Promise<StaffSession | null> {
  try {
    return await adminRequest<StaffSession>('/session');
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) return null;
    throw error;
  }
}

export function useSessionQuery() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: readSession, staleTime: Number.POSITIVE_INFINITY, retry: 1 });
}

const SessionContext = createContext<StaffSession | null>(null);

/** Given by the signed-in layout to its pages; they keep it while the sign-in form replaces them. */
export const SessionProvider = SessionContext.Provider;

/** The session of a page behind the sign-in. */
export function useSession(): StaffSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in page');
  return session;
}

/** Forgets the session and everything read with it: the sign-in form shows again. */
export function signedOut(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'session' });
  queryClient.setQueryData(SESSION_KEY, null);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignInRequest) => adminRequest<StaffSession>('/session', { method: 'POST', body: input }),
    // A refused sign-in is the form's business, not a lost session.
    meta: { signingIn: true },
    onSuccess: (session) => queryClient.setQueryData(SESSION_KEY, session),
  });
}

/** Asks for a one-time sign-in link by email (offered when strangers have used up the email's limit). */
export function useAskSignInLink() {
  return useMutation({
    mutationFn: (input: StaffSignInLinkRequest) =>
      adminRequest<{ message: string }>('/session/link', { method: 'POST', body: input }),
    meta: { signingIn: true },
  });
}

/** Signs in with the token of an emailed link (the page it opens posts it: a mail scanner's visit uses nothing up). */
export function useSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => adminRequest<StaffSession>('/session/link/use', { method: 'POST', body: { token } }),
    meta: { signingIn: true },
    onSuccess: (session) => queryClient.setQueryData(SESSION_KEY, session),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const { data: session } = useSessionQuery();
  return useMutation({
    mutationFn: () => adminRequest<void>('/session', { method: 'DELETE', csrfToken: session?.csrfToken }),
    onSettled: () => signedOut(queryClient),
  });
}

/** Whether the signed-in role may use this power (contract's ROLE_POWERS): pages hide what it may not. */
export function useMay(power: StaffPower): boolean {
  return roleMay(useSession().role, power);
}
