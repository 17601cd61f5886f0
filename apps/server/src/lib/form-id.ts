import { MAX_FORM_ID } from '@formsmith/core/limits';

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
