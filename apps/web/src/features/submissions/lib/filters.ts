import { type AnswerFilter, answerFilterParam } from '@formsmith/core/submissions/answer-filter';
import type { SubmissionStatus } from '@formsmith/core/submissions/api';
import type { TriageStatus } from '@formsmith/core/submissions/triage';
import { DAY_MS } from '@formsmith/core/time';
/** The table's filters; the server applies them, so paging stays right on large forms. */
export type DateRange = 'all' | '7d' | '30d' | 'custom';
export type StatusFilter = SubmissionStatus;

export type SubmissionFilters = {
  search: string;
  range: DateRange;
  from: string;
  to: string;
  status: StatusFilter;
  /** A language tag of the form, or '' for every language. */
  language: string;
  /** A stage, or '' for every stage. */
  stage: TriageStatus | '';
  /** 'me', 'none', a member's id, or '' for anyone's. */
  assignee: string;
  /** Conditions on the answers (kept in the URL as ?where=), or null for none. */
  where: AnswerFilter | null;
};

export const NO_FILTERS: SubmissionFilters = {
  search: '',
  range: 'all',
  from: '',
  to: '',
  status: 'all',
  language: '',
  stage: '',
  assignee: '',
  where: null,
};

/** True when both filter sets select the same submissions (blank search counts as none). */
export function sameFilters(a: SubmissionFilters, b: SubmissionFilters): boolean {
  return (
    a.search.trim() === b.search.trim() &&
    a.range === b.range &&
    a.status === b.status &&
    a.language === b.language &&
    a.stage === b.stage &&
    a.assignee === b.assignee &&
    JSON.stringify(a.where) === JSON.stringify(b.where) &&
    (a.range !== 'custom' || (a.from === b.from && a.to === b.to))
  );
}

/** The list call's query parameters for the filters (custom dates are whole UTC days). */
export function toQuery(
  filters: SubmissionFilters,
  now: number = Date.now(),
): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {
    search: filters.search.trim() || undefined,
    status: filters.status === 'all' ? undefined : filters.status,
    language: filters.language || undefined,
    triage: filters.stage || undefined,
    assignee: filters.assignee || undefined,
    where: filters.where ? answerFilterParam(filters.where) : undefined,
  };
  if (filters.range === '7d') query.from = new Date(now - 7 * DAY_MS).toISOString();
  if (filters.range === '30d') query.from = new Date(now - 30 * DAY_MS).toISOString();
  if (filters.range === 'custom') {
    query.from = filters.from || undefined;
    query.to = filters.to || undefined;
  }
  return query;
}
