import { formListSchema } from '@formsmith/core/forms/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useCurrentWorkspace } from '../workspaces-api/current-workspace.ts';
import { formsKeys } from './query-keys.ts';
import { type FormSummary, toFormSummary } from './stored-form.ts';

/**
 * GET /api/forms: a workspace's forms (with `folder`, those of one folder, or `none` for those in
 * no folder); entries carry a field count, not the fields.
 */
export async function listForms(workspaceId: number, folder?: string): Promise<FormSummary[]> {
  const query = { workspace_id: workspaceId, folder };
  return (await apiRequest('/forms', formListSchema, { query })).forms.map(toFormSummary);
}

export const formsListQueryOptions = (workspaceId: number, folder?: string) =>
  queryOptions({
    queryKey: formsKeys.list(workspaceId, folder),
    queryFn: () => listForms(workspaceId, folder),
  });

/** The current workspace's forms (switching workspaces reads the other's). */
export function useForms(folder?: string) {
  const { workspace } = useCurrentWorkspace();
  return useQuery(formsListQueryOptions(workspace.id, folder));
}
