import { type SQL, sql } from 'drizzle-orm';
import { submissions } from '../../db/schema.ts';
import { badRequest } from '../../lib/app-error.ts';

// A list cursor names the last submission of a page by its place in the list's order
// (created_at, id), so the next page is read from the (form_id, created_at, id) index from there.
// created_at is written to the microsecond, as stored: a millisecond Date would skip or repeat
// rows created within the same millisecond.

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z) ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The place of a row in the list's order, as text (select it beside the row). */
export const cursorColumn = sql<string>`to_char(${submissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || ' ' || ${submissions.id}`;

export function encodeCursor(place: string): string {
  return Buffer.from(place).toString('base64url');
}

/** The rows after the cursor's in the list's order; 400 for a cursor this server did not make. */
export function afterCursor(cursor: string, newest: boolean): SQL {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badRequest('This page link is not valid any more: start again from the first page');
  return rowsAfter(match, newest);
}

/** The rows after a place (cursorColumn's text, read by this server) in (created_at, id) order. */
export function afterPlace(place: string, newest = false): SQL {
  const match = CURSOR.exec(place);
  if (!match) throw new Error(`not a submission place: ${place}`);
  return rowsAfter(match, newest);
}

/** One row comparison, which the (form_id, created_at, id) index reads as a range. */
function rowsAfter(match: RegExpExecArray, newest: boolean): SQL {
  const at = sql`(${match[1]}::timestamptz, ${match[2]}::uuid)`;
  return newest
    ? sql`(${submissions.createdAt}, ${submissions.id}) < ${at}`
    : sql`(${submissions.createdAt}, ${submissions.id}) > ${at}`;
}
