import { type EncryptionBody, encryptionSettingsSchema } from '@formsmith/core/crypto/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../components/reauth/with-reauth.ts';
import { apiRequest } from '../api-client.ts';
import { formsKeys } from './query-keys.ts';

const encryptionKey = (formId: number) => ['forms', formId, 'encryption'] as const;

/** GET /api/forms/:id/encryption: the level, the wrapped key and how many answers are sealed to it. */
export function useEncryption(formId: number) {
  return useQuery({
    queryKey: encryptionKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/encryption`, encryptionSettingsSchema),
  });
}

/** PUT /api/forms/:id/encryption. */
export function useUpdateEncryption(formId: number) {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    // Turning it off or changing the key needs a recent proof of identity.
    mutationFn: (body: EncryptionBody) =>
      withReauth(() =>
        apiRequest(`/forms/${formId}/encryption`, encryptionSettingsSchema, { method: 'PUT', body }),
      ),
    onSuccess: (data) => {
      client.setQueryData(encryptionKey(formId), data);
      // Each change is kept in the form's history, listed with its versions.
      return client.invalidateQueries({ queryKey: formsKeys.versions(formId) });
    },
  });
}
