import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { type StoredForm, toStoredForm } from './stored-form.ts';

/** POST /api/forms/:id/publish or /unpublish (no payload). Resolves to the updated form. */
export async function setPublished({ id, published }: { id: number; published: boolean }) {
  const data = await apiRequest(`/forms/${id}/${published ? 'publish' : 'unpublish'}`, wireFormSchema, {
    method: 'POST',
  });
  return toStoredForm(data);
}

export function useSetPublished() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPublished,
    onSuccess: (form, { id }) => {
      client.setQueryData<StoredForm>(formsKeys.detail(id), form);
      return client.invalidateQueries({ queryKey: formsKeys.all });
    },
  });
}
