import type { RecentSubmission, SearchResult } from '@formsmith/core/account/api';
import type { DbOrTx } from '../../db/client.ts';
import type { Keyring } from '../../lib/encryption/index.ts';
import { searchForms } from '../forms/index.ts';
import { listRecentSubmissions as listRecent, searchSubmissions } from '../submissions/index.ts';
import { type Caller, chooseWorkspace } from '../workspaces/index.ts';

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

/** The workspace named (404 for one the caller is not in), or undefined for all of theirs. */
async function namedWorkspace(db: DbOrTx, caller: Caller, id: number | undefined) {
  return id === undefined ? undefined : chooseWorkspace(db, caller, id);
}

/**
 * The forms (by title or description) and submissions (by answer value) of the caller's
 * workspaces, or of the one named, case-insensitive.
 */
export async function searchAccount(
  db: DbOrTx,
  keyring: Keyring,
  input: { caller: Caller; workspaceId?: number; q: string },
): Promise<SearchResult> {
  const workspaceId = await namedWorkspace(db, input.caller, input.workspaceId);
  const formRows = await searchForms(db, {
    caller: input.caller,
    workspaceId,
    pattern: containsPattern(input.q),
    limit: LIMIT,
  });
  const submissionRows = await searchSubmissions(db, keyring, {
    caller: input.caller,
    workspaceId,
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

/**
 * The latest submissions to the forms of the caller's workspaces, or of the one named (the
 * notifications page and the dashboard).
 */
export async function listRecentSubmissions(
  db: DbOrTx,
  input: { caller: Caller; workspaceId?: number },
): Promise<RecentSubmission[]> {
  const workspaceId = await namedWorkspace(db, input.caller, input.workspaceId);
  const rows = await listRecent(db, { caller: input.caller, workspaceId, limit: LIMIT });
  return rows.map((r) => ({
    id: r.id,
    form_id: Number(r.form_id),
    form_title: r.form_title,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
