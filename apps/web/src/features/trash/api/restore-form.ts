import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';

/** POST /api/forms/:id/restore: takes a form out of the Trash. */
export async function restoreForm(id: number) {
  return apiRequest(`/forms/${id}/restore`, wireFormSchema, { method: 'POST' });
}

export function useRestoreForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreForm,
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.all }),
  });
}
