import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import type { ExportFormat } from '@formsmith/core/submissions/api';
import { submissionPdfName } from '@formsmith/core/submissions/pdf';
import { downloadWithAuth, fetchBlobWithAuth, saveBlob } from '../../../lib/download.ts';

/** GET /api/form-submissions/forms/:id/export?format=… as form_<id>_submissions.csv (or .xlsx). */
export function downloadSubmissions(formId: number, format: 'csv' | 'xlsx') {
  return downloadWithAuth(
    `/form-submissions/forms/${formId}/export`,
    `form_${formId}_submissions.${format}`,
    {
      format,
    },
  );
}

/** One submission as CSV, JSON or Excel. */
export function downloadSubmission(formId: number, submissionId: string, format: ExportFormat) {
  return downloadWithAuth(
    `/form-submissions/forms/${formId}/submissions/${submissionId}/export`,
    `form_${formId}_submission_${submissionId}.${format}`,
    { format },
  );
}

/** One submission as a PDF, saved as `<form title>-<short id>.pdf`. */
export function downloadSubmissionPdf(input: { formId: number; submissionId: string; formTitle: string }) {
  return downloadWithAuth(
    `/form-submissions/forms/${input.formId}/submissions/${input.submissionId}/pdf`,
    submissionPdfName(input.formTitle, input.submissionId),
  );
}

const filePath = (input: { formId: number; submissionId: string; uploadId: string }) =>
  `/form-submissions/forms/${input.formId}/submissions/${input.submissionId}/files/${input.uploadId}`;

/** An uploaded file of a submission, under its original name. */
export function downloadSubmissionFile(input: {
  formId: number;
  submissionId: string;
  uploadId: string;
  filename: string;
}) {
  return downloadWithAuth(filePath(input), input.filename);
}

/** The server's small WebP of an uploaded picture (not for files encrypted end to end). */
export function fetchSubmissionThumbnail(input: { formId: number; submissionId: string; uploadId: string }) {
  return fetchBlobWithAuth(`${filePath(input)}/thumbnail`);
}

type SealedFile = {
  formId: number;
  submissionId: string;
  uploadId: string;
  fileId: string;
  type: string;
  key: UnlockedKey;
};

/**
 * An uploaded file's bytes, to show it here (a signature's PNG). An end-to-end encrypted one
 * comes as the server keeps it (sealed) and is opened with the form's unlocked key.
 */
export async function fetchSubmissionFile(
  input: { formId: number; submissionId: string; uploadId: string } | SealedFile,
): Promise<Blob> {
  const blob = await fetchBlobWithAuth(filePath(input));
  if (!('key' in input)) return blob;
  const sealed = new Uint8Array(await blob.arrayBuffer());
  const { fileAd, fromBinary, openBytes } = await import('@formsmith/core/crypto/hybrid');
  const plain = await openBytes({
    ...input.key,
    sealed: fromBinary(sealed),
    ad: fileAd({ formId: input.formId, submissionId: input.submissionId, fileId: input.fileId }),
  });
  return new Blob([plain], { type: input.type || 'application/octet-stream' });
}

/** An end-to-end encrypted file, opened here and saved under the name and type its sealed answer gives. */
export async function downloadSealedFile(input: SealedFile & { filename: string }) {
  saveBlob(await fetchSubmissionFile(input), input.filename);
}
