import { type SubmissionSettings, settingsSchema } from '@formsmith/core/submissions/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { submissionsKeys } from './query-keys.ts';

/** GET /api/form-submissions/forms/:id/settings. */
export async function getSubmissionSettings(formId: number): Promise<SubmissionSettings> {
  return apiRequest(`/form-submissions/forms/${formId}/settings`, settingsSchema);
}

/** PUT /api/form-submissions/forms/:id/settings. */
export async function updateSubmissionSettings(
  formId: number,
  settings: SubmissionSettings,
): Promise<SubmissionSettings> {
  return apiRequest(`/form-submissions/forms/${formId}/settings`, settingsSchema, {
    method: 'PUT',
    body: settings,
  });
}

export const submissionSettingsQueryOptions = (formId: number) =>
  queryOptions({ queryKey: submissionsKeys.settings(formId), queryFn: () => getSubmissionSettings(formId) });

export function useSubmissionSettings(formId: number) {
  return useQuery(submissionSettingsQueryOptions(formId));
}

export function useUpdateSubmissionSettings(formId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: SubmissionSettings) => updateSubmissionSettings(formId, settings),
    onSuccess: (saved) => {
      client.setQueryData(submissionsKeys.settings(formId), saved);
      return client.invalidateQueries({ queryKey: submissionsKeys.settings(formId) });
    },
  });
}
