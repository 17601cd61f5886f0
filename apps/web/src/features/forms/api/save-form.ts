import { toSavePayload } from '@formsmith/core/forms/api';
import type { Form } from '@formsmith/core/forms/form';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';
import { type StoredForm, toStoredForm } from '../../../lib/forms-api/stored-form.ts';

/** POST /api/forms for a new form, PUT /api/forms/:id for an existing one. */
export async function saveForm(form: Form): Promise<StoredForm> {
  const body = toSavePayload(form);
  const data =
    form.id === undefined
      ? await apiRequest('/forms', wireFormSchema, { method: 'POST', body })
      : await apiRequest(`/forms/${form.id}`, wireFormSchema, { method: 'PUT', body });
  return toStoredForm(data);
}

export function useSaveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveForm,
    onSuccess: (saved) => {
      client.setQueryData(formsKeys.detail(saved.id), saved);
      return client.invalidateQueries({ queryKey: formsKeys.list() });
    },
  });
}
