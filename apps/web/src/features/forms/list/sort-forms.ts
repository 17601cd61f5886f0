import type { FormSummary } from '../../../lib/forms-api/stored-form.ts';

export type SortKey = 'date' | 'name' | 'submissions';
export type SortState = { key: SortKey; direction: 'asc' | 'desc' };

export const DEFAULT_SORT: SortState = { key: 'date', direction: 'desc' };

/** Clicking the active sort reverses it; a new sort starts where people expect: names A→Z, numbers and dates newest or largest first. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

function compare(a: FormSummary, b: FormSummary, key: SortKey): number {
  switch (key) {
    case 'date':
      return (Date.parse(a.lastSaved ?? '') || 0) - (Date.parse(b.lastSaved ?? '') || 0);
    case 'name':
      return a.title.localeCompare(b.title, undefined, { sensitivity: 'base' });
    case 'submissions':
      return a.submissions - b.submissions;
  }
}

/** Forms whose title or description contains the query (case-insensitive), sorted. */
export function filterAndSortForms(forms: FormSummary[], query: string, sort: SortState): FormSummary[] {
  const needle = query.trim().toLowerCase();
  const matching = needle
    ? forms.filter(
        (f) => f.title.toLowerCase().includes(needle) || f.description.toLowerCase().includes(needle),
      )
    : forms;
  const sign = sort.direction === 'desc' ? -1 : 1;
  return [...matching].sort((a, b) => sign * compare(a, b, sort.key) || b.id - a.id);
}
