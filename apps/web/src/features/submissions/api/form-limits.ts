import { type LimitsBody, limitsSchema } from '@formsmith/core/form-settings/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const limitsKey = (formId: number) => ['forms', formId, 'limits'] as const;

export function useFormLimits(formId: number) {
  return useQuery({
    queryKey: limitsKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/limits`, limitsSchema),
  });
}

export function useUpdateFormLimits(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LimitsBody) =>
      await apiRequest(`/forms/${formId}/limits`, limitsSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(limitsKey(formId), data),
  });
}
