import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export type RecentSubmission = { id: string; form_id: number; form_title: string; created_at: string };

export const recentSubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'recent-submissions'],
    queryFn: () => apiRequest<RecentSubmission[]>('/account/notifications/recent'),
  });

/** GET /api/account/notifications/recent: the latest 20 submissions across the user's forms. */
export function useRecentSubmissions() {
  return useQuery(recentSubmissionsQueryOptions());
}
