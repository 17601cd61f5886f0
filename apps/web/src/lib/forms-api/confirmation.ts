import { type Confirmation, confirmationSchema } from '@formsmith/core/form-settings/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

const confirmationKey = (formId: number) => ['forms', formId, 'confirmation'] as const;

/** GET /api/forms/:id/confirmation: the respondent confirmation mail (the Submissions settings and the editor's Languages tab read it). */
export const confirmationQueryOptions = (formId: number) =>
  queryOptions({
    queryKey: confirmationKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/confirmation`, confirmationSchema),
  });

export function useConfirmation(formId: number) {
  return useQuery(confirmationQueryOptions(formId));
}

export function useUpdateConfirmation(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Confirmation) =>
      await apiRequest(`/forms/${formId}/confirmation`, confirmationSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(confirmationKey(formId), data),
  });
}
