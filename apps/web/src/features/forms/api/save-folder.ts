import { type Folder, folderSchema } from '@formsmith/core/forms/folders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';

/** POST /api/folders (a new folder) or PUT /api/folders/:id (a new name). */
export function saveFolder(input: { id?: number; name: string }): Promise<Folder> {
  const path = input.id === undefined ? '/folders' : `/folders/${input.id}`;
  return apiRequest(path, folderSchema, {
    method: input.id === undefined ? 'POST' : 'PUT',
    body: { name: input.name },
  });
}

export function useSaveFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFolder,
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.folders() }),
  });
}
