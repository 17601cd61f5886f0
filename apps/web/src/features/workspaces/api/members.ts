import { noContentSchema } from '@formsmith/core/http';
import { type Workspace, workspaceSchema } from '@formsmith/core/workspaces/api';
import {
  type MemberList,
  memberListSchema,
  memberSchema,
  type WorkspaceNameInput,
} from '@formsmith/core/workspaces/members';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

const base = (workspaceId: number) => `/workspaces/${workspaceId}`;

/** GET /api/workspaces/:id/members: the members, and the pending invitations for an owner or admin. */
export const membersQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: workspacesKeys.members(workspaceId),
    queryFn: () => apiRequest(`${base(workspaceId)}/members`, memberListSchema),
  });

export function useMembers(workspaceId: number) {
  return useQuery(membersQueryOptions(workspaceId));
}

/** The workspaces list and this workspace's members, read again after a change to either. */
function useRefresh(workspaceId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: workspacesKeys.list() }),
      client.invalidateQueries({ queryKey: workspacesKeys.members(workspaceId) }),
    ]);
}

/** PATCH /api/workspaces/:id/members/:userId: answers the members as they are now. */
export function useChangeRole(workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; role: WorkspaceRole }) =>
      apiRequest(
        `${base(workspaceId)}/members/${input.userId}`,
        z.object({ members: z.array(memberSchema) }),
        { method: 'PATCH', body: { role: input.role } },
      ),
    onSuccess: ({ members }) => {
      client.setQueryData<MemberList>(
        workspacesKeys.members(workspaceId),
        (list) => list && { ...list, members },
      );
      // The caller's own role may be the one that changed.
      return client.invalidateQueries({ queryKey: workspacesKeys.list() });
    },
  });
}

/** DELETE /api/workspaces/:id/members/:userId */
export function useRemoveMember(workspaceId: number) {
  const refresh = useRefresh(workspaceId);
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`${base(workspaceId)}/members/${userId}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/workspaces/:id/leave: the workspace leaves the list, and the dashboard falls back to the personal one. */
export function useLeaveWorkspace(workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base(workspaceId)}/leave`, noContentSchema, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspacesKeys.list() }),
  });
}

/** PATCH /api/workspaces/:id: a new name. */
export function useRenameWorkspace(workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceNameInput) =>
      apiRequest(base(workspaceId), workspaceSchema, { method: 'PATCH', body }),
    onSuccess: (renamed) => {
      client.setQueryData<Workspace[]>(workspacesKeys.list(), (list) =>
        list?.map((w) => (w.id === renamed.id ? renamed : w)),
      );
    },
  });
}

/** DELETE /api/workspaces/:id: only an empty team workspace (409 WORKSPACE_NOT_EMPTY otherwise). */
export function useDeleteWorkspace(workspaceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(base(workspaceId), noContentSchema, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: workspacesKeys.list() }),
  });
}
