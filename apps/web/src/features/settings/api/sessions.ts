import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type AccountSession = {
  id: string;
  device: string;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
};

export const SESSIONS_KEY = ['account', 'sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest<AccountSession[]>('/account/sessions') });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/account/sessions/:id. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/account/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
