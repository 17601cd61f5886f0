import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type SearchResult = {
  forms: { id: number; title: string; description: string }[];
  submissions: { id: string; form_id: number; form_title: string; created_at: string; snippet: string }[];
};

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['account', 'search', q],
    queryFn: ({ signal }) => apiRequest<SearchResult>('/account/search', { query: { q }, signal }),
    enabled: q.trim() !== '',
  });

/** GET /api/account/search?q=: the user's forms and submissions matching the text. */
export function useAccountSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
