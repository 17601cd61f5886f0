// The resume token of a form's saved answers, kept on this device between visits.

const keyOf = (formId: number) => `formsmith:resume:${formId}`;

export function readResumeToken(formId: number): string | null {
  try {
    return localStorage.getItem(keyOf(formId));
  } catch {
    return null;
  }
}

export function keepResumeToken(formId: number, token: string | null): void {
  try {
    if (token) localStorage.setItem(keyOf(formId), token);
    else localStorage.removeItem(keyOf(formId));
  } catch {
    // Storage refused (private mode): the answers are still saved; this device just forgets the token.
  }
}
