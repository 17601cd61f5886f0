// What a search matches in a submission's answers. Its own module so the answers worker, which
// matches rows where it opens them, imports nothing else.

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => (typeof v === 'object' ? [] : textsOf(v)));
  return [];
}

/** Whether an answer (not an anti-spam marker such as _formLoadTime) contains the needle, case-insensitively. */
export function answersContain(answers: Record<string, unknown>, needle: string): boolean {
  const lower = needle.toLowerCase();
  for (const [key, value] of Object.entries(answers)) {
    if (key.startsWith('_')) continue;
    for (const text of textsOf(value)) if (text.toLowerCase().includes(lower)) return true;
  }
  return false;
}

/**
 * A search: the text its answers must contain, whether an id containing it matches too, and the
 * ids of rows that match whatever their answers (the submission a number like 142 names).
 */
export type AnswersSearch = { text: string; ids: boolean; also?: string[] };

/** Whether a submission matches the search, by its id or its answers. */
export function submissionMatches(
  id: string,
  answers: Record<string, unknown>,
  search: AnswersSearch,
): boolean {
  return (
    (search.ids && id.includes(search.text.toLowerCase())) ||
    (search.also?.includes(id) ?? false) ||
    answersContain(answers, search.text)
  );
}
