import { type LimitsBody, limitsSchema } from '@formsmith/core/form-settings/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

const limitsKey = (formId: number) => ['forms', formId, 'limits'] as const;

/** GET /api/forms/:id/limits: the schedule, the limit and the message shown when closed. */
export const formLimitsQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: limitsKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/limits`, limitsSchema),
  });

export function useFormLimits(formId: number) {
  return useQuery(formLimitsQueryOptions(formId));
}

export function useUpdateFormLimits(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LimitsBody) =>
      await apiRequest(`/forms/${formId}/limits`, limitsSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(limitsKey(formId), data),
  });
}
