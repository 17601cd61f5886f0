import { reauthStatusSchema } from '@formsmith/core/auth/reauth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const REAUTH_STATUS_KEY = ['auth', 'reauth'] as const;

export const reauthStatusQueryOptions = () =>
  queryOptions({
    queryKey: REAUTH_STATUS_KEY,
    queryFn: () => apiRequest('/auth/reauth', reauthStatusSchema),
    // The age moves on with the clock (pages add the time since the answer); asked again now and then.
    staleTime: 0,
    refetchInterval: 60_000,
  });

/** GET /api/auth/reauth: when this session last proved its owner, and how they can prove it again. */
export function useReauthStatus() {
  return useQuery(reauthStatusQueryOptions());
}
