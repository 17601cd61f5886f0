import { type PartialsSettings, partialsSchema } from '@formsmith/core/form-settings/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

const partialsKey = (formId: number) => ['forms', formId, 'partials'] as const;

export function usePartialsSettings(formId: number) {
  return useQuery({
    queryKey: partialsKey(formId),
    queryFn: async () => await apiRequest(`/forms/${formId}/partials`, partialsSchema),
  });
}

export function useUpdatePartialsSettings(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PartialsSettings) =>
      await apiRequest(`/forms/${formId}/partials`, partialsSchema, { method: 'PUT', body }),
    onSuccess: (data) => client.setQueryData(partialsKey(formId), data),
  });
}
