import { matchesAnswerFilter } from '@formsmith/core/submissions/answer-filter';
import type { ListQuery, WireSubmission } from '@formsmith/core/submissions/api';
import { referenceInSearch } from '@formsmith/core/submissions/reference';
import { DAY_MS } from '@formsmith/core/time';
import { and, asc, count, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions } from '../../db/schema.ts';
import { conflict } from '../../lib/app-error.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { withAnswers } from './answer-sealing.ts';
import { afterCursor, cursorColumn, encodeCursor } from './cursor.ts';
import { type OwnedForm, toWireSubmission } from './repository.ts';
import { scanSubmissions } from './search.ts';
import { triageConditions, withTriage } from './triage.ts';

/** The fewest digits a bare-number search needs to be matched against ids as well. */
const ID_DIGITS_MIN = 6;

/** `from` is inclusive; a date-only `to` includes that whole UTC day. */
function dateConditions(query: Pick<ListQuery, 'from' | 'to'>): SQL[] {
  const conds: SQL[] = [];
  if (query.from) conds.push(gte(submissions.createdAt, new Date(query.from)));
  if (query.to) {
    const to = new Date(query.to);
    if (query.to.length === 10) conds.push(lt(submissions.createdAt, new Date(to.getTime() + DAY_MS)));
    else conds.push(lte(submissions.createdAt, to));
  }
  return conds;
}

/** Every condition of the query except the form and the search (answers are sealed: search.ts). */
function filterConditions(query: ListQuery, callerId: string): SQL[] {
  const conds = [...dateConditions(query), ...triageConditions(query, callerId)];
  if (query.status === 'complete') conds.push(eq(submissions.completed, true));
  if (query.status === 'incomplete') conds.push(eq(submissions.completed, false));
  if (query.language)
    conds.push(sql`lower(${submissions.language}) = ${query.language.trim().toLowerCase()}`);
  return conds;
}

/** How many incomplete submissions (saved as respondents went) the form holds. */
async function countIncomplete(db: DbOrTx, formId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.formId, formId), eq(submissions.completed, false)));
  return Number(row?.n ?? 0);
}

type ListPage = {
  items: WireSubmission[];
  total: number;
  page: number;
  limit: number;
  next_cursor: string | null;
};

/**
 * One page of a form's submissions, each with its triage (`assignee=me` means `callerId`). With a cursor (`after`, the previous page's next_cursor) the
 * page is read by keyset from the (form_id, created_at, id) index, as cheap on page 10,000 as on
 * page 1. Without one, deep pages still never make PostgreSQL fetch and discard whole rows: the
 * page's first (created_at, id) is found by an OFFSET over that index alone (an index-only scan
 * without filters), then the page is read by keyset from there.
 */
export async function listSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  form: OwnedForm,
  query: ListQuery,
  callerId: string,
): Promise<ListPage> {
  const search = query.search?.trim();
  const filters = filterConditions(query, callerId);
  const reference = search ? referenceInSearch(search) : null;
  // `#142` names one submission: found through the (form_id, number) index, answers unread.
  if (reference?.exact) filters.push(eq(submissions.number, reference.number));
  if (query.where && form.encryptionLevel === 'enhanced') {
    throw conflict(
      'This form is end-to-end encrypted: the server cannot read its answers, so it cannot filter on them',
    );
  }
  const scanned = (search && !reference?.exact) || query.where;
  const page = scanned
    ? await searchFormSubmissions(db, keyring, {
        form,
        query,
        search: search && !reference?.exact ? search : undefined,
        filters,
      })
    : await listPage(db, keyring, { form, query, filters });
  return { ...page, items: await withTriage(db, page.items) };
}

async function listPage(
  db: DbOrTx,
  keyring: Keyring,
  input: { form: OwnedForm; query: ListQuery; filters: SQL[] },
): Promise<ListPage> {
  const { form, query, filters } = input;
  const where = and(eq(submissions.formId, form.id), ...filters);
  const newest = query.sort === 'newest';
  const order = newest
    ? [desc(submissions.createdAt), desc(submissions.id)]
    : [asc(submissions.createdAt), asc(submissions.id)];
  const offset = (query.page - 1) * query.limit;

  let pageWhere = where;
  if (query.after) pageWhere = and(where, afterCursor(query.after, newest));
  else if (offset > 0) {
    const start = db
      .select({ createdAt: submissions.createdAt, id: submissions.id })
      .from(submissions)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(1);
    const keyset = newest
      ? sql`(${submissions.createdAt}, ${submissions.id}) <= (${start})`
      : sql`(${submissions.createdAt}, ${submissions.id}) >= (${start})`;
    pageWhere = and(where, keyset);
  }
  const rowsPromise = db
    .select({ row: submissions, place: cursorColumn })
    .from(submissions)
    .where(pageWhere)
    .orderBy(...order)
    // One more than the page tells whether anything follows it.
    .limit(query.limit + 1);
  // The counter kept on the form counts the complete ones (counting a million rows would not do);
  // incomplete ones are few and counted through their own index.
  const totalPromise =
    filters.length === 0
      ? countIncomplete(db, form.id).then((n) => form.submissionCount + n)
      : query.status === 'complete' && filters.length === 1
        ? Promise.resolve(form.submissionCount)
        : db
            .select({ n: count() })
            .from(submissions)
            .where(where)
            .then((r) => Number(r[0]?.n ?? 0));
  const [found, total] = await Promise.all([rowsPromise, totalPromise]);
  const rows = found.slice(0, query.limit);
  const last = found.length > query.limit ? rows.at(-1) : undefined;
  return {
    items: rows.map((r) => toWireSubmission(withAnswers(keyring, r.row))),
    total,
    page: query.page,
    limit: query.limit,
    next_cursor: last ? encodeCursor(last.place) : null,
  };
}

/**
 * A page of the submissions whose id or answers contain the search text, and whose answers meet
 * the query's answer filter (`where`). Answers are sealed at rest, so both are matched on the
 * opened rows; the total counts every match, so every row the other filters let through is opened
 * once, in batches (see search.ts for the cost).
 */
async function searchFormSubmissions(
  db: DbOrTx,
  keyring: Keyring,
  input: { form: OwnedForm; query: ListQuery; search: string | undefined; filters: SQL[] },
): Promise<ListPage> {
  const { query, search, filters } = input;
  const newest = query.sort === 'newest';
  // A bare number (142) is both a reference and text answers may hold: the numbered row matches
  // too. Ids match only a long one (the start of an id copied from a link can be all digits;
  // a short run of digits sits somewhere in most ids).
  const reference = search ? referenceInSearch(search) : null;
  const matchIds = !reference || (search?.trim().length ?? 0) >= ID_DIGITS_MIN;
  const numbered = reference
    ? await db
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.formId, input.form.id), eq(submissions.number, reference.number)))
    : [];
  // With a cursor the page starts after it; without one, after the pages before it.
  const first = query.after ? 0 : (query.page - 1) * query.limit;
  const items: WireSubmission[] = [];
  let total = 0;
  let lastPlace: string | null = null;
  await scanSubmissions(db, keyring, {
    where: and(
      eq(submissions.formId, input.form.id),
      ...filters,
      query.after ? afterCursor(query.after, newest) : undefined,
    ),
    oldest: !newest,
    search: search ? { text: search, ids: matchIds, also: numbered.map((r) => r.id) } : undefined,
    visit: (row) => {
      const where = query.where;
      if (where && !matchesAnswerFilter(where, { answers: row.data, metadata: row.metadata })) return true;
      if (total >= first && items.length < query.limit) {
        items.push(toWireSubmission(row));
        lastPlace = row.place;
      }
      total += 1;
      return true;
    },
  });
  const more = total > first + items.length;
  return {
    items,
    total,
    page: query.page,
    limit: query.limit,
    next_cursor: more && lastPlace ? encodeCursor(lastPlace) : null,
  };
}
