import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { RecentSubmission, SearchResult } from './schemas.ts';

const LIMIT = 20;
const SNIPPET_CHARS = 120;

type Rows<T> = { rows: T[] };

/** A LIKE pattern that matches the text literally anywhere (wildcards in the query are escaped). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first answer that contains the query, cut around the match. */
export function snippetOf(data: unknown, q: string): string {
  if (!data || typeof data !== 'object') return '';
  const needle = q.toLowerCase();
  for (const [key, raw] of Object.entries(data as Record<string, unknown>)) {
    if (key.startsWith('_')) continue;
    const text = Array.isArray(raw) ? raw.map(String).join(', ') : typeof raw === 'object' ? '' : String(raw);
    const at = text.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const start = Math.max(0, at - 40);
    const cut = text.slice(start, start + SNIPPET_CHARS);
    return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
  }
  return '';
}

/** The user's forms by title or description and submissions by answer value, case-insensitive. */
export async function searchAccount(db: DbOrTx, input: { userId: string; q: string }): Promise<SearchResult> {
  const pattern = containsPattern(input.q);
  const formRows = await db.execute(sql`
    select id, title, description from forms
    where owner_id = ${input.userId} and deleted_at is null
      and (title ilike ${pattern} or description ilike ${pattern})
    order by updated_at desc, id desc limit ${LIMIT}`);
  // Answers only: keys (field ids) and the anti-spam markers (_formLoadTime…) are not content.
  const submissionRows = await db.execute(sql`
    select s.id, s.form_id, f.title as form_title, s.created_at, s.data
    from submissions s join forms f on f.id = s.form_id
    where f.owner_id = ${input.userId} and f.deleted_at is null
      and exists (
        select 1 from jsonb_each_text(case when jsonb_typeof(s.data) = 'object' then s.data else '{}'::jsonb end) e
        where e.key not like '\\_%' and e.value ilike ${pattern})
    order by s.created_at desc, s.id desc limit ${LIMIT}`);
  type FormRow = { id: number; title: string; description: string };
  type SubRow = { id: string; form_id: number; form_title: string; created_at: Date | string; data: unknown };
  return {
    forms: (formRows as unknown as Rows<FormRow>).rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      description: r.description,
    })),
    submissions: (submissionRows as unknown as Rows<SubRow>).rows.map((r) => ({
      id: r.id,
      form_id: Number(r.form_id),
      form_title: r.form_title,
      created_at: new Date(r.created_at).toISOString(),
      snippet: snippetOf(typeof r.data === 'string' ? JSON.parse(r.data) : r.data, input.q),
    })),
  };
}

/** The latest submissions across all of the user's forms (the notifications page). */
export async function listRecentSubmissions(db: DbOrTx, userId: string): Promise<RecentSubmission[]> {
  const result = await db.execute(sql`
    select s.id, s.form_id, f.title as form_title, s.created_at
    from submissions s join forms f on f.id = s.form_id
    where f.owner_id = ${userId} and f.deleted_at is null
    order by s.created_at desc, s.id desc limit ${LIMIT}`);
  type Row = { id: string; form_id: number; form_title: string; created_at: Date | string };
  return (result as unknown as Rows<Row>).rows.map((r) => ({
    id: r.id,
    form_id: Number(r.form_id),
    form_title: r.form_title,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
