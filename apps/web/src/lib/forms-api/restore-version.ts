import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { toStoredForm } from './stored-form.ts';

/** POST /api/forms/:id/versions/:n/restore: that version's content becomes the draft. */
export async function restoreVersion({ id, number }: { id: number; number: number }) {
  return toStoredForm(
    await apiRequest(`/forms/${id}/versions/${number}/restore`, wireFormSchema, { method: 'POST' }),
  );
}

export function useRestoreVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: (form, { id }) => {
      client.setQueryData(formsKeys.detail(id), form);
      return client.invalidateQueries({ queryKey: formsKeys.all });
    },
  });
}
