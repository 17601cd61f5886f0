import type { UnlockedKey } from '@formsmith/core/crypto/key-wrap';
import { takesAnswer } from '@formsmith/core/fields/constants';
import { answerColumns, columnText } from '@formsmith/core/fields/export-columns';
import type { Form } from '@formsmith/core/forms/form';
import { LIMITS } from '@formsmith/core/limits';
import {
  EXPORT_META_HEADERS,
  listResponseSchema,
  type SubmissionDetail,
  statusText,
  type WireSubmission,
} from '@formsmith/core/submissions/api';
import { csvLine, neutralizeCell } from '@formsmith/core/submissions/csv-line';
import { referenceText } from '@formsmith/core/submissions/reference';
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

type AnswerField = Form['fields'][number];
type Answers = Awaited<ReturnType<typeof answersOf>>;

// Labels, the language and answers are text someone typed: neutralised as the server's export
// does, so a spreadsheet opening the file never runs an answer like =HYPERLINK(…) as a formula.
const csvHeader = (fields: AnswerField[]) =>
  csvLine(
    [...EXPORT_META_HEADERS, ...fields.flatMap((f) => answerColumns(f).map((c) => c.label))].map(
      neutralizeCell,
    ),
  );

function csvRow(fields: AnswerField[], submission: WireSubmission, answers: Answers): string {
  const cells = answers
    ? fields.flatMap((f) => answerColumns(f).map((c) => neutralizeCell(columnText(f, c, answers[f.id]))))
    : fields.flatMap((f) => answerColumns(f).map(() => '(could not be decrypted)'));
  const status = statusText(submission.completed);
  return csvLine([
    referenceText(submission.number),
    submission.id,
    submission.created_at,
    status,
    neutralizeCell(submission.language),
    ...cells,
  ]);
}

function jsonItem(submission: WireSubmission, answers: Answers): string {
  return JSON.stringify({
    id: submission.id,
    number: submission.number,
    created_at: submission.created_at,
    status: statusText(submission.completed),
    language: submission.language,
    answers,
    readable: answers !== null,
  });
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
  let blob = format === 'csv' ? new Blob(['\uFEFF', csvHeader(fields)]) : new Blob(['[']);
  let first = true;
  for await (const page of submissionPages(formId)) {
    const lines: string[] = [];
    for (const submission of page) {
      const answers = await answersOf(key, formId, submission);
      if (format === 'csv') lines.push(csvRow(fields, submission, answers));
      else {
        lines.push(`${first ? '' : ',\n'}${jsonItem(submission, answers)}`);
        first = false;
      }
    }
    blob = new Blob([blob, lines.join('')]);
  }
  return format === 'csv'
    ? new Blob([blob], { type: 'text/csv' })
    : new Blob([blob, ']'], { type: 'application/json' });
}

/**
 * One submission opened in this browser, as CSV (header and its row, with the labels of the
 * version it answered, like the server's export of one submission) or as a JSON object.
 */
export async function buildSealedSubmissionExport(input: {
  formId: number;
  submission: SubmissionDetail;
  key: UnlockedKey;
  format: 'csv' | 'json';
}): Promise<Blob> {
  const { formId, submission, key, format } = input;
  const answers = await answersOf(key, formId, submission);
  if (format === 'json')
    return new Blob([`${jsonItem(submission, answers)}\n`], { type: 'application/json' });
  const fields = submission.fields.filter((f) => takesAnswer(f.type));
  return new Blob(['\uFEFF', csvHeader(fields), csvRow(fields, submission, answers)], { type: 'text/csv' });
}
