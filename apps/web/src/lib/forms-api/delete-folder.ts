import { noContentSchema } from '@formsmith/core/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';

/** DELETE /api/folders/:id: the folder goes, its forms stay (in no folder). */
export async function deleteFolder(id: number): Promise<void> {
  await apiRequest(`/folders/${id}`, noContentSchema, { method: 'DELETE' });
}

export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    // The forms it held now show as in no folder.
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.all }),
  });
}
