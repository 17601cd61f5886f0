import { type LimitsBody, limitsSchema } from '@formsmith/core/form-settings/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const limitsKey = (formId: number) => ['forms', formId, 'limits'] as const;

export function useFormLimits(formId: number) {
  return useQuery({
    queryKey: limitsKey(formId),
    queryFn: async () => limitsSchema.parse(await apiRequest(`/forms/${formId}/limits`)),
  });
}

export function useUpdateFormLimits(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LimitsBody) =>
      limitsSchema.parse(await apiRequest(`/forms/${formId}/limits`, { method: 'PUT', body })),
    onSuccess: (data) => client.setQueryData(limitsKey(formId), data),
  });
}
