import { type Workspace, workspaceSchema } from '@formsmith/core/workspaces/api';
import { invitationPeekSchema } from '@formsmith/core/workspaces/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setCurrentWorkspaceId } from '../../../lib/workspaces-api/current-workspace.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

/** GET /api/invitations/:token: what the link offers; anyone holding it may look. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      apiRequest(`/invitations/${encodeURIComponent(token)}`, invitationPeekSchema, { skipAuth: true }),
    retry: false,
  });
}

/** POST /api/invitations/:token/accept: joins as the signed-in account and switches to the workspace. */
export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/invitations/${encodeURIComponent(token)}/accept`, workspaceSchema, { method: 'POST' }),
    onSuccess: (workspace: Workspace) => {
      // Dropped, not marked stale: the dashboard then waits for the list that has the workspace
      // instead of showing the old one (and falling back to the personal workspace) meanwhile.
      client.removeQueries({ queryKey: workspacesKeys.list() });
      setCurrentWorkspaceId(workspace.id);
    },
  });
}
