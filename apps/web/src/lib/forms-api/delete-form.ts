import { noContentSchema } from '@formsmith/core/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import type { FormSummary } from './stored-form.ts';

/** DELETE /api/forms/:id: to the Trash, or for good (submissions and files too) when `permanent`. */
export async function deleteForm(input: { id: number; permanent?: boolean }): Promise<void> {
  await apiRequest(`/forms/${input.id}`, noContentSchema, {
    method: 'DELETE',
    query: { permanent: input.permanent ? 'true' : undefined },
  });
}

export function useDeleteForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteForm,
    onSuccess: (_data, { id }) => {
      // The form leaves the list at once; the refetch confirms it (and the Trash's).
      client.setQueriesData<FormSummary[]>({ queryKey: formsKeys.lists }, (forms) =>
        forms?.filter((f) => f.id !== id),
      );
      client.removeQueries({ queryKey: formsKeys.detail(id) });
      return client.invalidateQueries({ queryKey: formsKeys.all });
    },
  });
}
