import { recentSubmissionListSchema } from '@formsmith/core/account/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';

export const recentSubmissionsQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: ['account', 'recent-submissions', workspaceId],
    queryFn: () =>
      apiRequest('/account/notifications/recent', recentSubmissionListSchema, {
        query: { workspace_id: workspaceId },
      }),
  });

/**
 * GET /api/account/notifications/recent?workspace_id=: the latest 20 submissions to the current
 * workspace's forms.
 */
export function useRecentSubmissions() {
  const { workspace } = useCurrentWorkspace();
  return useQuery(recentSubmissionsQueryOptions(workspace.id));
}
