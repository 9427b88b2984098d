import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ApiError } from '../lib/api-client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // An answer from the API (4xx, 401, 301) will not change by asking again; network failures may.
      retry: (count, error) => !(error instanceof ApiError && error.code < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
