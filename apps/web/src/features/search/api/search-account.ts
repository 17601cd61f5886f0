import { searchResultSchema } from '@formsmith/core/account/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';

export const searchQueryOptions = (q: string, workspaceId: number) =>
  queryOptions({
    queryKey: ['account', 'search', workspaceId, q],
    queryFn: ({ signal }) =>
      apiRequest('/account/search', searchResultSchema, { query: { q, workspace_id: workspaceId }, signal }),
    enabled: q.trim() !== '',
  });

/** GET /api/account/search?q=&workspace_id=: the current workspace's forms and submissions matching the text. */
export function useAccountSearch(q: string) {
  const { workspace } = useCurrentWorkspace();
  return useQuery(searchQueryOptions(q, workspace.id));
}
