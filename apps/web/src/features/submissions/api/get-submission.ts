import { type SubmissionDetail, submissionDetailSchema } from '@formsmith/core/submissions/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { submissionsKeys } from './query-keys.ts';

/** GET /api/form-submissions/forms/:id/submissions/:sid. */
export async function getSubmission(formId: number, submissionId: string): Promise<SubmissionDetail> {
  return apiRequest(
    `/form-submissions/forms/${formId}/submissions/${encodeURIComponent(submissionId)}`,
    submissionDetailSchema,
  );
}

export const submissionQueryOptions = (formId: number, submissionId: string) =>
  queryOptions({
    queryKey: submissionsKeys.detail(formId, submissionId),
    queryFn: () => getSubmission(formId, submissionId),
  });

export function useSubmission(formId: number, submissionId: string) {
  return useQuery(submissionQueryOptions(formId, submissionId));
}
