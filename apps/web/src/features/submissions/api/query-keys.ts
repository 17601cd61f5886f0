import type { SubmissionFilters } from '../lib/filters.ts';

/** Query keys of the submissions page's cache. */
export const submissionsKeys = {
  all: ['submissions'] as const,
  lists: (formId: number) => ['submissions', formId, 'list'] as const,
  list: (formId: number, query: SubmissionFilters & { page: number }) =>
    ['submissions', formId, 'list', query] as const,
  detail: (formId: number, submissionId: string) => ['submissions', formId, 'detail', submissionId] as const,
  comments: (formId: number, submissionId: string) =>
    ['submissions', formId, 'comments', submissionId] as const,
  members: (formId: number) => ['submissions', formId, 'members'] as const,
  views: (formId: number) => ['submissions', formId, 'views'] as const,
};
