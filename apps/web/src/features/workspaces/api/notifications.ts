import {
  type MemberNotifications,
  type MemberNotificationsInput,
  memberNotificationsSchema,
} from '@formsmith/core/workspaces/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

const notificationsKey = (workspaceId: number) =>
  [...workspacesKeys.all, 'notifications', workspaceId] as const;
const url = (workspaceId: number) => `/workspaces/${workspaceId}/notifications`;

/** GET /api/workspaces/:id/notifications: the caller's own mail choices in the workspace. */
export const notificationsQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: notificationsKey(workspaceId),
    queryFn: () => apiRequest(url(workspaceId), memberNotificationsSchema),
  });

export function useWorkspaceNotifications(workspaceId: number) {
  return useQuery(notificationsQueryOptions(workspaceId));
}

/** PUT /api/workspaces/:id/notifications: the one choice changed; answers all of them as saved. */
export function useSaveWorkspaceNotifications(workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberNotificationsInput) =>
      apiRequest(url(workspaceId), memberNotificationsSchema, { method: 'PUT', body }),
    onSuccess: (saved: MemberNotifications) => client.setQueryData(notificationsKey(workspaceId), saved),
  });
}
