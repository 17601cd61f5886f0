import { LIMITS } from '@formsmith/core/limits';
import { listResponseSchema, type SubmissionPage } from '@formsmith/core/submissions/api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SubmissionFilters, toQuery } from '../lib/filters.ts';
import { submissionsKeys } from './query-keys.ts';

export const PAGE_SIZE = LIMITS.submissionsPageSize;

/** GET /api/form-submissions/forms/:id/submissions: one page, filtered on the server. */
export async function listSubmissions(
  formId: number,
  query: SubmissionFilters & { page: number },
): Promise<SubmissionPage> {
  return apiRequest(`/form-submissions/forms/${formId}/submissions`, listResponseSchema, {
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
