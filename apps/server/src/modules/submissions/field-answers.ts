import type { FieldAnswersPage, FieldAnswersQuery } from '@formsmith/core/analytics/api';
import { hasTextAnswers } from '@formsmith/core/analytics/type-figures';
import { formatAnswer } from '@formsmith/core/fields/answer-format';
import { isEmptyAnswer } from '@formsmith/core/fields/answers';
import type { FormField } from '@formsmith/core/forms/field';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { parseDay } from '../analytics/index.ts';
import { findAnsweredFields, type requireOwnedForm } from '../forms/index.ts';
import { afterCursor, cursorColumn, encodeCursor } from './cursor.ts';
import { scanSubmissions } from './search.ts';

/**
 * How many submissions one page looks through at most: a search that matches rarely answers
 * after this many (a round trip and this many decryptions in the answers worker) with a cursor to
 * look further, instead of opening every submission of the period in one request.
 */
export const FIELD_ANSWERS_WINDOW = 5000;

/** The longest text an answer is shown with (a long answer is cut, with an ellipsis). */
const MAX_TEXT = 1000;

type OwnedForm = Awaited<ReturnType<typeof requireOwnedForm>>;

/** The question in the form as respondents get it now, or in its draft; 404 when neither has it. */
async function textQuestion(db: DbOrTx, form: OwnedForm, fieldId: string): Promise<FormField> {
  const published =
    form.publishedVersion === null
      ? []
      : ((await findAnsweredFields(db, form.id, [form.publishedVersion])).get(form.publishedVersion) ?? []);
  const field = [...published, ...form.fields].find((f) => f.id === fieldId);
  if (!field) throw notFound('Question not found');
  if (!hasTextAnswers(field.type)) {
    throw badRequest('Only the answers of text questions are listed here', {
      fieldId: 'Not a text question',
    });
  }
  return field;
}

/**
 * A page of one text question's answers in the form's complete submissions from `start_date`
 * on, newest first, those containing `q` only when given. Answers are sealed at rest, so rows are
 * read and opened as the submissions search reads them (search.ts), within a window of the next
 * FIELD_ANSWERS_WINDOW submissions: a page that is not full when the window is done says where to
 * go on.
 */
export async function listFieldAnswers(
  db: DbOrTx,
  keyring: Keyring,
  input: { form: OwnedForm; fieldId: string; query: FieldAnswersQuery },
): Promise<FieldAnswersPage> {
  const { form, query } = input;
  if (query.start_date && !parseDay(query.start_date)) {
    throw badRequest('Invalid date', { start_date: 'Invalid date' });
  }
  if (form.encryptionLevel === 'enhanced') {
    throw conflict('This form is end-to-end encrypted: its answers are read in your browser once unlocked');
  }
  const field = await textQuestion(db, form, input.fieldId);
  const needle = query.q?.trim().toLowerCase() ?? '';
  const where = and(
    eq(submissions.formId, form.id),
    eq(submissions.completed, true),
    query.start_date ? gte(submissions.createdAt, new Date(`${query.start_date}T00:00:00Z`)) : undefined,
    query.after ? afterCursor(query.after, true) : undefined,
  );
  // The last submission of the window, read from the (form_id, created_at, id) index alone.
  const [edge] = await db
    .select({ at: sql<string>`${submissions.createdAt}::text`, id: submissions.id, place: cursorColumn })
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .offset(FIELD_ANSWERS_WINDOW - 1)
    .limit(1);
  const answers: FieldAnswersPage['answers'] = [];
  let lastPlace: string | null = null;
  let more = false;
  await scanSubmissions(db, keyring, {
    where: and(
      where,
      edge
        ? sql`(${submissions.createdAt}, ${submissions.id}) >= (${edge.at}::timestamptz, ${edge.id}::uuid)`
        : undefined,
    ),
    // The worker keeps the rows with any answer containing the text; this question's is checked below.
    search: { text: needle, ids: false },
    visit: (row) => {
      const value = row.data[field.id];
      if (value === undefined || isEmptyAnswer(value)) return true;
      const text = formatAnswer(field, value);
      if (needle && !text.toLowerCase().includes(needle)) return true;
      if (answers.length === query.limit) {
        more = true;
        return false;
      }
      answers.push({
        submission_id: row.id,
        created_at: row.createdAt.toISOString(),
        text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text,
      });
      lastPlace = row.place;
      return true;
    },
  });
  const next = more ? lastPlace : (edge?.place ?? null);
  return { answers, next_cursor: next ? encodeCursor(next) : null };
}
