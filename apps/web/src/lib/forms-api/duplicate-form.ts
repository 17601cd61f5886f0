import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** POST /api/forms/:id/duplicate: a copy of the form (unpublished), returned as created. */
export async function duplicateForm(id: number): Promise<StoredForm> {
  return toStoredForm(await apiRequest(`/forms/${id}/duplicate`, wireFormSchema, { method: 'POST' }));
}

export function useDuplicateForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: duplicateForm,
    // Every list (a copy joins its source's folder) and the folders' counts.
    onSuccess: () => client.invalidateQueries({ queryKey: formsKeys.all }),
  });
}
