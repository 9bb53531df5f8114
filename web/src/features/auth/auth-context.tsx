import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { AUTH_TOKEN_CHANGE_EVENT, clearAuthToken, getAuthToken, setAuthToken } from '@/lib/auth-token';
import { useT } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import * as api from './api';

export interface AuthUser {
  email: string;
}

export interface AuthState {
  user: AuthUser | null;
  /** True until we know whether the shopper is signed in: guarded pages show nothing meanwhile. */
  loading: boolean;
  login(email: string, password: string, rememberMe?: boolean): Promise<void>;
  /** Signs in with the code texted to `phone` (the account is made on its first sign-in); throws with the server's reason. */
  signInWithCode(phone: string, code: string, rememberMe?: boolean): Promise<void>;
  /** Creates the account, then signs in with it; `signedIn` false when that second step failed. */
  register(input: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    language?: 'en' | 'hi';
  }): Promise<{
    signedIn: boolean;
  }>;
  logout(): Promise<void>;
  /** The server already ended every session (the account was deleted): forget it here, saying nothing. */
  forget(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export const MISSING_TOKEN = 'Authentication failed: Token is missing in the response';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // What the shopper is told, in the page's language.
  const t = useT();
  /** Another shopper's account must never be read from the cache. */
  const forgetAccount = useCallback(
    () => queryClient.removeQueries({ queryKey: api.accountInfoQuery.queryKey }),
    [queryClient],
  );
  const [user, setUser] = useState<AuthUser | null>(null);
  const [loading, setLoading] = useState(true);

  const restore = useCallback(async () => {
    if (!getAuthToken()) {
      setUser(null);
      setLoading(false);
      return;
    }
    // The account page reads the same query: one request for both.
    const email = await queryClient.fetchQuery(api.accountInfoQuery).then(
      (info) => info.email ?? info.phone ?? '',
      () => '',
    );
    // A 401 has already dropped the cookie; any other failure keeps the shopper signed in.
    if (!getAuthToken()) setUser(null);
    else setUser({ email });
    setLoading(false);
  }, [queryClient]);

  useEffect(() => {
    void restore();
    // The token changed elsewhere (a 401 anywhere, another sign-in): follow it.
    const onChange = () => {
      if (!getAuthToken()) setUser(null);
    };
    window.addEventListener(AUTH_TOKEN_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(AUTH_TOKEN_CHANGE_EVENT, onChange);
  }, [restore]);

  const value = useMemo<AuthState>(() => {
    /** Authorizes and keeps the token; the caller says what to tell the shopper. */
    const signIn = async (email: string, password: string, rememberMe: boolean) => {
      const result = await api.authorize(email, password, rememberMe);
      if (!result.ok) {
        throw new Error(result.status === null ? t('auth.noResponse') : (result.error ?? t('auth.loginFailed')));
      }
      const token = result.data?.token;
      if (typeof token !== 'string' || !token) throw new Error(MISSING_TOKEN);
      forgetAccount();
      setAuthToken(token, rememberMe);
      setUser({ email });
    };
    return {
      user,
      loading,
      async login(email, password, rememberMe = false) {
        try {
          await signIn(email, password, rememberMe);
        } catch (error) {
          toast.error(t('common.error'), { description: (error as Error).message });
          throw error;
        }
        toast.success(t('auth.success'), { description: t('auth.loggedIn') });
      },
      async signInWithCode(phone, code, rememberMe = false) {
        const result = await api.verifySignInCode(phone, code, rememberMe);
        if (!result.ok) {
          throw new Error(result.status === null ? t('auth.noResponse') : (result.error ?? t('auth.codeFailed')));
        }
        const token = result.data?.token;
        if (typeof token !== 'string' || !token) throw new Error(MISSING_TOKEN);
        forgetAccount();
        setAuthToken(token, rememberMe);
        // A mobile-number account may have no email: the number stands for it until the account is read.
        setUser({ email: '' });
        toast.success(t('auth.success'), { description: t('auth.loggedIn') });
      },
      async register(input) {
        const result = await api.register(input);
        if (!result.ok) {
          const reason = result.error ?? t('auth.registerFailed');
          toast.error(t('auth.registerError'), { description: reason });
          throw new Error(reason);
        }
        toast.success(t('auth.success'), { description: t('auth.registered') });
        // Signed in at once with the same credentials, for this browser session only (nothing asked to remember).
        try {
          await signIn(input.email, input.password, false);
          return { signedIn: true };
        } catch {
          return { signedIn: false };
        }
      },
      async logout() {
        const result = await api.logout();
        clearAuthToken();
        forgetAccount();
        setUser(null);
        // A token the server no longer knows (401) is logged out all the same.
        if (!result.ok && result.status !== 401) {
          toast.error(t('common.error'), { description: t('auth.logoutFailed') });
          return;
        }
        toast(t('auth.loggedOut'), { description: t('auth.loggedOutText') });
      },
      forget() {
        clearAuthToken();
        forgetAccount();
        setUser(null);
      },
    };
  }, [user, loading, forgetAccount, t]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthProvider');
  return auth;
}
