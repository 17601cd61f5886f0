import { downloadWithAuth } from '../../../lib/download.ts';

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
