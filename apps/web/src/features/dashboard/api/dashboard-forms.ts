import { normalizeForm } from '@formsmith/core/fields/normalize';
import { isRecord } from '@formsmith/core/fields/read';
import type { Form } from '@formsmith/core/fields/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The forms list's cache key; the forms feature uses the same one, so both stay in step. */
export const FORMS_LIST_KEY = ['forms', 'list'] as const;

export type DashboardForm = Form & { id: number };

/** GET /api/forms for the dashboard home. */
export async function listDashboardForms(): Promise<DashboardForm[]> {
  const data = await apiRequest<unknown>('/forms');
  const raw = Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.forms) ? data.forms : [];
  return raw.map(normalizeForm).filter((f): f is DashboardForm => f.id !== undefined);
}

export const dashboardFormsQueryOptions = () =>
  queryOptions({ queryKey: FORMS_LIST_KEY, queryFn: listDashboardForms });

export function useDashboardForms() {
  return useQuery(dashboardFormsQueryOptions());
}
