import { type Confirmation, confirmationSchema } from '@formsmith/core/form-settings/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const confirmationKey = (formId: number) => ['forms', formId, 'confirmation'] as const;

export function useConfirmation(formId: number) {
  return useQuery({
    queryKey: confirmationKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/confirmation`, confirmationSchema),
  });
}

export function useUpdateConfirmation(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Confirmation) =>
      await apiRequest(`/forms/${formId}/confirmation`, confirmationSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(confirmationKey(formId), data),
  });
}
