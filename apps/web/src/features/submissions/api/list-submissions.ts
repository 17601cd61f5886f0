import { LIMITS } from '@formsmith/core/limits';
import { listResponseSchema, type SubmissionPage } from '@formsmith/core/submissions/api';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type SubmissionFilters, toQuery } from '../lib/filters.ts';
import { submissionsKeys } from './query-keys.ts';

export const PAGE_SIZE = LIMITS.submissionsPageSize;

type PageQuery = SubmissionFilters & { page: number };

/** GET /api/form-submissions/forms/:id/submissions: one page, filtered on the server. */
export async function listSubmissions(
  formId: number,
  query: PageQuery & { after?: string },
): Promise<SubmissionPage> {
  const { after, ...rest } = query;
  return apiRequest(`/form-submissions/forms/${formId}/submissions`, listResponseSchema, {
    query: { page: query.page, limit: PAGE_SIZE, sort: 'newest', after, ...toQuery(rest) },
  });
}

/**
 * The cursor that leads to this page: the next_cursor of the page before it, when that page (same
 * filters) is in the cache. Stepping page by page then reads each page from where the last one
 * ended, however deep; a page jumped to is counted from the start instead.
 */
function cursorBefore(client: QueryClient, formId: number, query: PageQuery): string | undefined {
  if (query.page <= 1) return undefined;
  const previous = client.getQueryData<SubmissionPage>(
    submissionsKeys.list(formId, { ...query, page: query.page - 1 }),
  );
  return previous?.next_cursor ?? undefined;
}

export const submissionsQueryOptions = (formId: number, query: PageQuery) =>
  queryOptions({
    queryKey: submissionsKeys.list(formId, query),
    queryFn: ({ client }) =>
      listSubmissions(formId, { ...query, after: cursorBefore(client, formId, query) }),
    placeholderData: keepPreviousData,
  });

export function useSubmissions(formId: number, query: PageQuery) {
  return useQuery(submissionsQueryOptions(formId, query));
}
