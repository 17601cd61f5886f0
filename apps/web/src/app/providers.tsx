import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ReauthProvider } from '../components/reauth/reauth-provider.tsx';

/** The app's one cache; route loaders read through it too. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ReauthProvider>{children}</ReauthProvider>
    </QueryClientProvider>
  );
}
