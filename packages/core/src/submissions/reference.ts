// A submission's short reference: its number within the form, written #142.

/** The reference people read and type for a submission's number: `#142`. */
export const referenceText = (number: number): string => `#${number}`;

/**
 * The number a search names, when the search is a reference (`#142`) or a bare number (`142`);
 * null otherwise. A bare number may also be text in the answers, so the list matches both.
 */
export function referenceInSearch(search: string): { number: number; exact: boolean } | null {
  const match = /^(#?)(\d{1,9})$/.exec(search.trim());
  if (!match) return null;
  return { number: Number(match[2]), exact: match[1] === '#' };
}
