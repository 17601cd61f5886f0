import { searchResultSchema } from '@formsmith/core/account/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['account', 'search', q],
    queryFn: ({ signal }) => apiRequest('/account/search', searchResultSchema, { query: { q }, signal }),
    enabled: q.trim() !== '',
  });

/** GET /api/account/search?q=: the user's forms and submissions matching the text. */
export function useAccountSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
