import { noContentSchema } from '@formsmith/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import type { FormSummary } from './stored-form.ts';

/** DELETE /api/forms/:id. */
export async function deleteForm(id: number): Promise<void> {
  await apiRequest(`/forms/${id}`, noContentSchema, { method: 'DELETE' });
}

export function useDeleteForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: (_data, id) => {
      // The form leaves the list at once; the refetch confirms it.
      client.setQueryData<FormSummary[]>(formsKeys.list(), (forms) => forms?.filter((f) => f.id !== id));
      client.removeQueries({ queryKey: formsKeys.detail(id) });
      return client.invalidateQueries({ queryKey: formsKeys.list() });
    },
  });
}
