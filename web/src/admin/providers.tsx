import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { LanguageProvider } from '@/lib/i18n';
import { signedOut } from './auth/session';
import { isAdminApiError } from './lib/api-client';

/** Any 401 after signing in means the session ended: back to the sign-in form. */
export function createAdminQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: true,
        retry: (failures, error) => !(isAdminApiError(error) && error.status !== null) && failures < 2,
      },
    },
    queryCache: new QueryCache({
      onError: (error) => {
        if (isAdminApiError(error) && error.status === 401) signedOut(client);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.signingIn) return;
        if (isAdminApiError(error) && error.status === 401) signedOut(client);
      },
    }),
  });
  return client;
}

export function AdminProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAdminQueryClient());
  return (
    <QueryClientProvider client={client}>
      {/* The back office is in English; the storefront's pieces it shows (an order's timeline) read their words in it. */}
      <LanguageProvider>
        {children}
        <Toaster richColors closeButton position="top-center" />
      </LanguageProvider>
    </QueryClientProvider>
  );
}
