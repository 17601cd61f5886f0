import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SubmissionFilters, toQuery } from '../lib/filters.ts';
import { submissionsKeys } from './query-keys.ts';
import type { SubmissionPage } from './types.ts';

export const PAGE_SIZE = 10;

/** GET /api/form-submissions/forms/:id/submissions: one page, filtered on the server. */
export async function listSubmissions(
  formId: number,
  query: SubmissionFilters & { page: number },
): Promise<SubmissionPage> {
  return apiRequest<SubmissionPage>(`/form-submissions/forms/${formId}/submissions`, {
    query: { page: query.page, limit: PAGE_SIZE, sort: 'newest', ...toQuery(query) },
  });
}

export const submissionsQueryOptions = (formId: number, query: SubmissionFilters & { page: number }) =>
  queryOptions({
    queryKey: submissionsKeys.list(formId, query),
    queryFn: () => listSubmissions(formId, query),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(formId: number, query: SubmissionFilters & { page: number }) {
  return useQuery(submissionsQueryOptions(formId, query));
}
