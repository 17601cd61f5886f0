import { useQuery } from '@tanstack/react-query';
import { formsListQueryOptions } from '../../../lib/forms-api/list-forms.ts';
import { useCurrentWorkspace } from '../../../lib/workspaces-api/current-workspace.ts';

/** What the analytics screen needs of a form: which one, its name, whether it ever got answers. */
export type AnalyticsFormOption = { id: number; title: string; submissions: number };

/** The current workspace's forms, from the shared forms list cache. */
export function useAnalyticsForms() {
  return useQuery({
    ...formsListQueryOptions(useCurrentWorkspace().workspace.id),
    select: (forms): AnalyticsFormOption[] =>
      forms.map((f) => ({ id: f.id, title: f.title.trim() || 'Untitled Form', submissions: f.submissions })),
  });
}
