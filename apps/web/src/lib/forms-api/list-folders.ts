import { type Folder, folderListSchema } from '@formsmith/core/forms/folders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';
import { formsKeys } from './query-keys.ts';

/** GET /api/folders: a workspace's folders by name, with how many forms each holds. */
export async function listFolders(workspaceId: number): Promise<Folder[]> {
  return (await apiRequest('/folders', folderListSchema, { query: { workspace_id: workspaceId } })).folders;
}

export const foldersQueryOptions = (workspaceId: number) =>
  queryOptions({ queryKey: formsKeys.folders(workspaceId), queryFn: () => listFolders(workspaceId) });

/** The current workspace's folders. */
export function useFolders() {
  return useQuery(foldersQueryOptions(useCurrentWorkspace().workspace.id));
}
