import { type Folder, folderListSchema } from '@formsmith/core/forms/folders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';

/** GET /api/folders: the owner's folders by name, with how many forms each holds. */
export async function listFolders(): Promise<Folder[]> {
  return (await apiRequest('/folders', folderListSchema)).folders;
}

export const foldersQueryOptions = () =>
  queryOptions({ queryKey: formsKeys.folders(), queryFn: listFolders });

export function useFolders() {
  return useQuery(foldersQueryOptions());
}
