import { recentSubmissionListSchema } from '@formsmith/core/account/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const recentSubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'recent-submissions'],
    queryFn: () => apiRequest('/account/notifications/recent', recentSubmissionListSchema),
  });

/** GET /api/account/notifications/recent: the latest 20 submissions across the user's forms. */
export function useRecentSubmissions() {
  return useQuery(recentSubmissionsQueryOptions());
}
