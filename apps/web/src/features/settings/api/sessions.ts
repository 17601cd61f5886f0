import { sessionListSchema } from '@formsmith/core/account/api';
import { messageSchema } from '@formsmith/core/http';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest('/account/sessions', sessionListSchema) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** DELETE /api/account/sessions/:id. */
export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/account/sessions/${encodeURIComponent(id)}`, messageSchema, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
