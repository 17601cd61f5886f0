import type { AccessRestriction } from '@formsmith/core/forms/form';
import { wireFormSchema } from '@formsmith/core/forms/form-wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';
import { toStoredForm } from './stored-form.ts';

export type SharingInput = {
  slug: string;
  slugOnly: boolean;
  accessRestriction: AccessRestriction;
  accessCode: string;
  expirationDate: string;
};

/** PUT /api/forms/:id/sharing; the access code is sent only when the restriction is password. */
export async function updateSharing({ id, input }: { id: number; input: SharingInput }) {
  const data = await apiRequest(`/forms/${id}/sharing`, wireFormSchema, {
    method: 'PUT',
    body: {
      slug: input.slug.trim(),
      slug_only: input.slugOnly,
      access_restriction: input.accessRestriction,
      access_code: input.accessRestriction === 'password' ? input.accessCode : '',
      expiration_date: input.expirationDate || null,
    },
  });
  return toStoredForm(data);
}

export function useUpdateSharing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSharing,
    onSuccess: (form, { id }) => {
      client.setQueryData(formsKeys.detail(id), form);
      return client.invalidateQueries({ queryKey: formsKeys.all });
    },
  });
}
