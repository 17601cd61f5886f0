import type { RecentSubmission, SearchResult } from '@formsmith/core/account/api';
import type { DbOrTx } from '../../db/client.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { searchForms } from '../forms/index.ts';
import { listOwnerRecentSubmissions, searchSubmissions } from '../submissions/index.ts';
import type { Caller } from '../workspaces/index.ts';

const LIMIT = 20;
const SNIPPET_CHARS = 120;

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

/**
 * The forms (by title or description) and submissions (by answer value) of the caller's
 * workspaces, case-insensitive.
 */
export async function searchAccount(
  db: DbOrTx,
  keyring: Keyring,
  input: { caller: Caller; q: string },
): Promise<SearchResult> {
  const formRows = await searchForms(db, {
    caller: input.caller,
    pattern: containsPattern(input.q),
    limit: LIMIT,
  });
  const submissionRows = await searchSubmissions(db, keyring, {
    caller: input.caller,
    text: input.q,
    limit: LIMIT,
  });
  return {
    forms: formRows.map((r) => ({ id: Number(r.id), title: r.title, description: r.description })),
    submissions: submissionRows.map((r) => ({
      id: r.id,
      form_id: Number(r.form_id),
      form_title: r.form_title,
      created_at: new Date(r.created_at).toISOString(),
      snippet: snippetOf(r.data, input.q),
    })),
  };
}

/** The latest submissions across all of the user's forms (the notifications page). */
export async function listRecentSubmissions(db: DbOrTx, userId: string): Promise<RecentSubmission[]> {
  const rows = await listOwnerRecentSubmissions(db, { ownerId: userId, limit: LIMIT });
  return rows.map((r) => ({
    id: r.id,
    form_id: Number(r.form_id),
    form_title: r.form_title,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
