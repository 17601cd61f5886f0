import { type Workspace, workspaceSchema } from '@formsmith/core/workspaces/api';
import type { WorkspaceNameInput } from '@formsmith/core/workspaces/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { setCurrentWorkspaceId } from './current-workspace.ts';
import { workspacesKeys } from './query-keys.ts';

/** POST /api/workspaces: a team workspace with the caller as its owner. */
export function createWorkspace(body: WorkspaceNameInput): Promise<Workspace> {
  return apiRequest('/workspaces', workspaceSchema, { method: 'POST', body });
}

/** Creates the workspace and switches to it. */
export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: (workspace) => {
      client.setQueryData<Workspace[]>(workspacesKeys.list(), (list) => list && [...list, workspace]);
      setCurrentWorkspaceId(workspace.id);
      return client.invalidateQueries({ queryKey: workspacesKeys.list() });
    },
  });
}
