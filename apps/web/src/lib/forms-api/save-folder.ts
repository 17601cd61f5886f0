import { type Folder, folderSchema } from '@formsmith/core/forms/folders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';
import { formsKeys } from './query-keys.ts';

/** POST /api/folders (a new folder, in `workspaceId`) or PUT /api/folders/:id (a new name). */
export function saveFolder(input: { id?: number; name: string; workspaceId: number }): Promise<Folder> {
  if (input.id !== undefined)
    return apiRequest(`/folders/${input.id}`, folderSchema, { method: 'PUT', body: { name: input.name } });
  return apiRequest('/folders', folderSchema, {
    method: 'POST',
    body: { name: input.name },
    query: { workspace_id: input.workspaceId },
  });
}

/** saveFolder in the current workspace. */
export function useSaveFolder() {
  const client = useQueryClient();
  const workspaceId = useCurrentWorkspace().workspace.id;
  return useMutation({
    mutationFn: (input: { id?: number; name: string }) => saveFolder({ ...input, workspaceId }),
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.folders() }),
  });
}
