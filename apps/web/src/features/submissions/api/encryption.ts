import { type EncryptionBody, encryptionSettingsSchema } from '@formsmith/core/crypto/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

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
  return useMutation({
    mutationFn: async (body: EncryptionBody) =>
      await apiRequest(`/forms/${formId}/encryption`, encryptionSettingsSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(encryptionKey(formId), data),
  });
}
