const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The cookie that marks 'this browser responded' for forms taking one response per browser. It
 * holds no identifier (only the form's id in its name), is sent back only to that form's submit
 * path (or the public page's, for its form posted without JavaScript), and is HttpOnly so page scripts cannot clear it by accident.
 */
export function respondedCookie(
  formId: number,
  path = `/api/form-submissions/forms/${formId}`,
): { name: string; header: string } {
  const name = `fs_responded_${formId}`;
  return { name, header: `${name}=1; Max-Age=${YEAR_SECONDS}; Path=${path}; HttpOnly; SameSite=Lax` };
}

/** Whether a Cookie header carries the named cookie. */
export function hasCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(';').some((part) => part.trim().split('=')[0] === name);
}
