import { type Confirmation, confirmationSchema } from '@formsmith/core/form-settings/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const confirmationKey = (formId: number) => ['forms', formId, 'confirmation'] as const;

export function useConfirmation(formId: number) {
  return useQuery({
    queryKey: confirmationKey(formId),
    queryFn: async () => confirmationSchema.parse(await apiRequest(`/forms/${formId}/confirmation`)),
  });
}

export function useUpdateConfirmation(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Confirmation) =>
      confirmationSchema.parse(await apiRequest(`/forms/${formId}/confirmation`, { method: 'PUT', body })),
    onSuccess: (data) => client.setQueryData(confirmationKey(formId), data),
  });
}
