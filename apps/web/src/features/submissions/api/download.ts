import { ApiError, buildUrl } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/auth-token.ts';
import { saveBlob } from '../../../lib/download.ts';

/**
 * Fetches an owner-only file with the bearer token (a plain link could not send it) and saves it
 * under `filename` through a temporary blob link.
 */
export async function downloadWithAuth(path: string, filename: string, query?: Record<string, string>) {
  const token = getAuthToken();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  saveBlob(await response.blob(), filename);
}

/** GET /api/form-submissions/forms/:id/export?format=csv as form_<id>_submissions.csv. */
export function downloadSubmissionsCsv(formId: number) {
  return downloadWithAuth(`/form-submissions/forms/${formId}/export`, `form_${formId}_submissions.csv`, {
    format: 'csv',
  });
}

/** One submission as CSV or JSON. */
export function downloadSubmission(formId: number, submissionId: string, format: 'csv' | 'json') {
  return downloadWithAuth(
    `/form-submissions/forms/${formId}/submissions/${submissionId}/export`,
    `form_${formId}_submission_${submissionId}.${format}`,
    { format },
  );
}

/** An uploaded file of a submission, under its original name. */
export function downloadSubmissionFile(input: {
  formId: number;
  submissionId: string;
  uploadId: string;
  filename: string;
}) {
  return downloadWithAuth(
    `/form-submissions/forms/${input.formId}/submissions/${input.submissionId}/files/${input.uploadId}`,
    input.filename,
  );
}
