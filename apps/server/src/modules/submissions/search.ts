import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms, submissions } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption.ts';
import { cursorColumn } from './cursor.ts';
import { withAnswers } from './sealed-answers.ts';

// Answers are sealed at rest, so the database cannot match them: searches read the candidate rows
// in keyset batches (in the order they are shown), open them and match here. One batch is a
// round trip and BATCH decryptions; a search that needs only a first page stops once it is full.

const BATCH = 1000;

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'object' ? [] : textsOf(v)));
  return [];
}

/** Whether an answer (not an anti-spam marker such as _formLoadTime) contains the needle, case-insensitively. */
export function answersContain(answers: Record<string, unknown>, needle: string): boolean {
  const lower = needle.toLowerCase();
  for (const [key, value] of Object.entries(answers)) {
    if (key.startsWith('_')) continue;
    for (const text of textsOf(value)) if (text.toLowerCase().includes(lower)) return true;
  }
  return false;
}

const rowColumns = {
  ...getTableColumns(submissions),
  formTitle: forms.title,
  // The position at full precision (microseconds; a Date keeps milliseconds).
  at: sql<string>`${submissions.createdAt}::text`,
  place: cursorColumn,
};

/** A submission with its answers opened, and its form's title. */
export type ScannedRow = Omit<typeof submissions.$inferSelect, 'data' | 'sealedData'> & {
  data: Record<string, unknown>;
  formTitle: string;
  /** Its place in the list's order (cursor.ts). */
  place: string;
};

/**
 * Submissions matching `where` (a condition on submissions and their form), opened, in order of
 * (created_at, id), newest first unless `oldest`; `keep` decides per row. Calls `visit` with each
 * kept row and stops when it answers false.
 */
export async function scanSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  input: {
    where: SQL | undefined;
    oldest?: boolean;
    keep: (row: ScannedRow) => boolean;
    visit: (row: ScannedRow) => boolean;
  },
): Promise<void> {
  const order = input.oldest
    ? [asc(submissions.createdAt), asc(submissions.id)]
    : [desc(submissions.createdAt), desc(submissions.id)];
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const position: SQL | undefined = after
      ? input.oldest
        ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(${submissions.createdAt}, ${submissions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: (typeof submissions.$inferSelect & { formTitle: string; at: string; place: string })[] =
      await db
        .select(rowColumns)
        .from(submissions)
        .innerJoin(forms, eq(forms.id, submissions.formId))
        .where(and(input.where, position))
        .orderBy(...order)
        .limit(BATCH);
    for (const raw of rows) {
      const { at: _at, ...row } = withAnswers(keyring, raw);
      if (input.keep(row) && !input.visit(row)) return;
    }
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
