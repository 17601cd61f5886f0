import { useSubmissions } from '../api/list-submissions.ts';
import type { SubmissionFilters } from '../lib/filters.ts';

/** Where a submission sits among the table's current page (the same cached query the table reads). */
export type Neighbours = {
  previous: string | null;
  next: string | null;
  /** 1-based place on the page, and how many the page shows. */
  position: number;
  count: number;
};

/** The submissions before and after this one on the page the table showed; null when it is not on it. */
export function useNeighbours(input: {
  formId: number;
  filters: SubmissionFilters;
  page: number;
  submissionId: string | null;
  hidden: ReadonlySet<string>;
}): Neighbours | null {
  const list = useSubmissions(input.formId, { ...input.filters, page: input.page });
  const ids = (list.data?.items ?? []).map((s) => s.id).filter((id) => !input.hidden.has(id));
  const at = input.submissionId ? ids.indexOf(input.submissionId) : -1;
  if (at < 0) return null;
  return {
    previous: ids[at - 1] ?? null,
    next: ids[at + 1] ?? null,
    position: at + 1,
    count: ids.length,
  };
}
