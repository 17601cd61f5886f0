import {
  type SubmissionSettings,
  type SubmissionSettingsBody,
  settingsSchema,
} from '@formsmith/core/submissions/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';

const settingsKey = (formId: number) => ['submissions', formId, 'settings'] as const;

/** GET /api/form-submissions/forms/:id/settings. */
export async function getSubmissionSettings(formId: number): Promise<SubmissionSettings> {
  return apiRequest(`/form-submissions/forms/${formId}/settings`, settingsSchema);
}

/** PUT /api/form-submissions/forms/:id/settings: the keys left out keep their value. */
export async function updateSubmissionSettings(
  formId: number,
  settings: SubmissionSettingsBody,
): Promise<SubmissionSettings> {
  return apiRequest(`/form-submissions/forms/${formId}/settings`, settingsSchema, {
    method: 'PUT',
    body: settings,
  });
}

export const submissionSettingsQueryOptions = (formId: number) =>
  queryOptions({ queryKey: settingsKey(formId), queryFn: () => getSubmissionSettings(formId) });

export function useSubmissionSettings(formId: number) {
  return useQuery(submissionSettingsQueryOptions(formId));
}

export function useUpdateSubmissionSettings(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SubmissionSettingsBody) => updateSubmissionSettings(formId, settings),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey(formId), saved);
      return client.invalidateQueries({ queryKey: settingsKey(formId) });
    },
  });
}
