import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the analytics screen needs of a form: which one, its name, whether it ever got answers. */
export type AnalyticsFormOption = { id: number; title: string; submissions: number };

function toOption(raw: unknown): AnalyticsFormOption | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const id = Number(r.id);
  if (!Number.isInteger(id) || id <= 0) return null;
  const title = typeof r.title === 'string' && r.title.trim() !== '' ? r.title : 'Untitled Form';
  const submissions = Number(r.submissions ?? r.submission_count ?? 0);
  return { id, title, submissions: Number.isFinite(submissions) ? submissions : 0 };
}

/** GET /api/forms: a list, or an object with forms (SPEC §7). */
export async function listAnalyticsForms(): Promise<AnalyticsFormOption[]> {
  const data = await apiRequest<unknown>('/forms');
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { forms?: unknown })?.forms)
      ? (data as { forms: unknown[] }).forms
      : [];
  return list.map(toOption).filter((f): f is AnalyticsFormOption => f !== null);
}

export const analyticsFormsQueryOptions = () =>
  queryOptions({ queryKey: ['analytics', 'forms'] as const, queryFn: listAnalyticsForms });

export function useAnalyticsForms() {
  return useQuery(analyticsFormsQueryOptions());
}
