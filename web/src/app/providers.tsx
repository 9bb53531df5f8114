import type { I18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AuthProvider } from '@/features/auth/auth-context';
import { CartProvider } from '@/features/cart/cart-context';
import { LanguageProvider } from '@/lib/i18n';
import { Toasts } from '@/lib/toast';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/** The shop's contexts; `i18n` is the page's language (English when not given). */
export function AppProviders({
  children,
  queryClient,
  i18n,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <LanguageProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <CartProvider>
            {children}
            <Toasts />
          </CartProvider>
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
