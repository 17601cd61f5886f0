import { and, asc, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { forms, submissions } from '../../db/schema.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { readAnswers } from './answer-sealing.ts';
import { type AnswersSearch, submissionMatches } from './answers-match.ts';
import { openAnswersOffThread } from './answers-off-thread.ts';
import { cursorColumn } from './cursor.ts';

// Answers are sealed at rest, so the database cannot match them: searches read the candidate rows
// in keyset batches (in the order they are shown) and the answers worker opens and matches each
// batch, answering only the matching rows' answers: a search through a large account keeps the
// main thread free for other requests. One batch is a round trip and BATCH decryptions; a search
// that needs only a first page stops once it is full.

const BATCH = 1000;

const { sealedData: _sealedData, ...submissionColumns } = getTableColumns(submissions);
const rowColumns = {
  ...submissionColumns,
  sealed: sql<string | null>`encode(${submissions.sealedData}, 'base64')`,
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
 * Submissions matching `where` (a condition on submissions and their form) whose answers (or id,
 * when `search.ids`) contain the search text (every one without a search), opened, in order of (created_at, id), newest first
 * unless `oldest`. Calls `visit` with each and stops when it answers false.
 */
export async function scanSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  input: {
    where: SQL | undefined;
    oldest?: boolean;
    /** Without one, every row `where` selects is opened and visited (a filter on answers). */
    search?: AnswersSearch;
    visit: (row: ScannedRow) => boolean;
  },
): Promise<void> {
  const order = input.oldest
    ? [asc(submissions.createdAt), asc(submissions.id)]
    : [desc(submissions.createdAt), desc(submissions.id)];
  const batchAfter = (after: { at: string; id: string } | null) => {
    const position: SQL | undefined = after
      ? input.oldest
        ? sql`(${submissions.createdAt}, ${submissions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(${submissions.createdAt}, ${submissions.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = db
      .select(rowColumns)
      .from(submissions)
      .innerJoin(forms, eq(forms.id, submissions.formId))
      .where(and(input.where, position))
      .orderBy(...order)
      .limit(BATCH)
      .execute();
    // Awaited below, or dropped when the search stops early: never an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  let next: ReturnType<typeof batchAfter> | null = batchAfter(null);
  for (let batch = 0; next; batch++) {
    const rows = await next;
    next = null;
    const last = rows.length === BATCH ? rows[rows.length - 1]! : null;
    const batchRows = { ids: rows.map((r) => r.id), sealed: rows.map((r) => r.sealed) };
    const opening: Promise<(Record<string, unknown> | null | false)[]> = input.search
      ? openAnswersOffThread(keyring, { ...batchRows, search: input.search })
      : openAnswersOffThread(keyring, batchRows);
    // From the second batch on, the next one is read while the worker opens this one: a search
    // that needed a second batch usually needs more (the form's search counts every match), and
    // one that is done after its first does not pay for a read it never uses.
    if (last && batch > 0) next = batchAfter(last);
    const opened = await opening;
    for (const [i, raw] of rows.entries()) {
      const answers = opened[i];
      if (answers === false) continue; // sealed, and matched by the worker: no
      const { at: _at, sealed: _sealed, data, ...rest } = raw;
      // Rows from before encryption at rest are clear: matched here.
      const row = { ...rest, data: answers ?? readAnswers(keyring, { id: raw.id, data }) };
      if (!answers && input.search && !submissionMatches(row.id, row.data, input.search)) continue;
      if (!input.visit(row)) return;
    }
    if (last && !next) next = batchAfter(last);
  }
}
