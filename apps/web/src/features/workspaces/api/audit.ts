import { type AuditQuery, auditPageSchema } from '@formsmith/core/workspaces/audit';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadWithAuth } from '../../../lib/download.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

/** The filters of the audit page, as the URL query the API reads (empty ones left out). */
export type AuditFilters = Pick<AuditQuery, 'action' | 'actor' | 'from' | 'to'>;

function queryOf(filters: AuditFilters, extra: Record<string, string> = {}): Record<string, string> {
  const query: Record<string, string> = { ...extra };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value;
  return query;
}

/** GET /api/workspaces/:id/audit, a page at a time, newest first. */
export function useAuditLog(workspaceId: number, filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...workspacesKeys.audit(workspaceId), filters],
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiRequest(`/workspaces/${workspaceId}/audit`, auditPageSchema, {
        query: queryOf(filters, pageParam ? { before: String(pageParam), limit: '50' } : { limit: '50' }),
      }),
    getNextPageParam: (last) => last.next_before,
  });
}

/** Downloads what the filters select as CSV. */
export function downloadAuditCsv(workspaceId: number, filters: AuditFilters): Promise<void> {
  return downloadWithAuth(`/workspaces/${workspaceId}/audit/export`, 'audit-log.csv', queryOf(filters));
}
