import { ApiError, buildUrl } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/auth-token.ts';

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
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
