import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { takesAnswer } from '@formsmith/core/fields/constants';
import type { Form } from '@formsmith/core/forms/form';
import { LIMITS } from '@formsmith/core/limits';
import { listResponseSchema, statusText, type WireSubmission } from '@formsmith/core/submissions/api';
import { csvLine } from '@formsmith/core/submissions/csv-line';
import { apiRequest } from '../../../lib/api-client.ts';
import { openSealed } from './open-answers.ts';

// The export of an end-to-end encrypted form is built here: the server cannot read the answers.
// Pages of submissions are fetched, opened and written out one page at a time; each page's text
// joins a Blob (which keeps bytes, not strings) and is dropped, so 100,000 rows never sit in
// memory twice.

/** Every submission of the form (or those the server-side filters keep), oldest first, a page at a time. */
export async function* submissionPages(formId: number, filters: Record<string, string | undefined> = {}) {
  // Each page starts where the last ended (its cursor): none skipped or repeated as rows arrive.
  let after: string | undefined;
  for (let page = 1; ; page += 1) {
    const res = await apiRequest(`/form-submissions/forms/${formId}/submissions`, listResponseSchema, {
      query: { status: 'all', ...filters, page, after, limit: LIMITS.submissionsMaxPageSize, sort: 'oldest' },
    });
    if (res.items.length > 0) yield res.items;
    if (!res.next_cursor) return;
    after = res.next_cursor;
  }
}

/** A submission's answers: in clear, opened with the key, or null when they cannot be opened. */
export async function answersOf(key: UnlockedKey, formId: number, submission: WireSubmission) {
  return submission.envelope ? await openSealed(key, formId, submission) : (submission.data ?? {});
}

/**
 * The form's submissions as CSV (the server export's leading columns, then the field labels) or
 * JSON, opened in this browser. The status and language are stored in clear, like the time.
 */
export async function buildSealedExport(input: {
  formId: number;
  form: Form;
  key: UnlockedKey;
  format: 'csv' | 'json';
}): Promise<Blob> {
  const { formId, form, key, format } = input;
  const fields = form.fields.filter((f) => takesAnswer(f.type));
  let blob =
    format === 'csv'
      ? new Blob([
          '\uFEFF',
          csvLine(['Submission ID', 'Submitted At', 'Status', 'Language', ...fields.map((f) => f.label)]),
        ])
      : new Blob(['[']);
  let first = true;
  for await (const page of submissionPages(formId)) {
    const lines: string[] = [];
    for (const submission of page) {
      const answers = await answersOf(key, formId, submission);
      if (format === 'csv') {
        const cells = answers
          ? fields.map((f) => formatAnswer(f, answers[f.id]))
          : fields.map(() => '(could not be decrypted)');
        const status = statusText(submission.completed);
        lines.push(csvLine([submission.id, submission.created_at, status, submission.language, ...cells]));
      } else {
        const item = {
          id: submission.id,
          created_at: submission.created_at,
          language: submission.language,
          answers,
          readable: answers !== null,
        };
        lines.push(`${first ? '' : ',\n'}${JSON.stringify(item)}`);
        first = false;
      }
    }
    blob = new Blob([blob, lines.join('')]);
  }
  return format === 'csv'
    ? new Blob([blob], { type: 'text/csv' })
    : new Blob([blob, ']'], { type: 'application/json' });
}
