/** Helpers that read a respondent's answer, shared by validation and conditional logic. */

/** True for no answer: undefined, null, blank text, an empty list, or an unticked single checkbox. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyAnswer);
  // A matrix with no row answered. (A file's answer names the file, so it is never empty.)
  if (typeof value === 'object') return Object.values(value).every(isEmptyAnswer);
  return false;
}

/** A number from a number or numeric string, else undefined. */
export function numericAnswer(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** The answer as a list of strings (a checkbox answers a list; other fields one value). */
export function answerStrings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (typeof item === 'number' || typeof item === 'boolean') return [String(item)];
    return [];
  });
}
