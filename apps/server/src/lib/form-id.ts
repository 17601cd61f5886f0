import { notFound } from './app-error.ts';

/** The largest form id: forms.id is a PostgreSQL integer. */
export const MAX_FORM_ID = 2_147_483_647;

/** Whether a number can be a form id. */
export function isFormId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_FORM_ID;
}

/** A form id from a path segment, or null when it cannot name a form. */
export function parseFormId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return isFormId(id) ? id : null;
}

export const FORM_NOT_FOUND = 'Form not found';

/**
 * The form id of a path segment. One that cannot name a form answers 404 'Form not found',
 * exactly like a missing form or another owner's, so every route answers a bad id one way.
 */
export function requireFormId(raw: string | undefined): number {
  const id = parseFormId(raw);
  if (id === null) throw notFound(FORM_NOT_FOUND);
  return id;
}
