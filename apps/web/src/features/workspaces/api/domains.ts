import { noContentSchema } from '@formsmith/core/http';
import {
  type CustomDomainInput,
  customDomainListSchema,
  customDomainSchema,
} from '@formsmith/core/workspaces/domains';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formsKeys } from '../../../lib/forms-api/query-keys.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

const domains = (workspaceId: number) => `/workspaces/${workspaceId}/domains`;

/** GET /api/workspaces/:id/domains: the host names the workspace's forms are served on. */
export const domainsQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: workspacesKeys.domains(workspaceId),
    queryFn: () => apiRequest(domains(workspaceId), customDomainListSchema),
  });

export function useDomains(workspaceId: number) {
  return useQuery(domainsQueryOptions(workspaceId));
}

/** A change of hosts changes the forms' share links too: both lists are read again. */
function useRefresh(workspaceId: number) {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: workspacesKeys.domains(workspaceId) });
    await client.invalidateQueries({ queryKey: formsKeys.all });
  };
}

/** POST /api/workspaces/:id/domains */
export function useAddDomain(workspaceId: number) {
  return useMutation({
    mutationFn: (body: CustomDomainInput) =>
      apiRequest(domains(workspaceId), customDomainSchema, { method: 'POST', body }),
    onSuccess: useRefresh(workspaceId),
  });
}

/** PATCH /api/workspaces/:id/domains/:host: the form the host's `/` opens, or none. */
export function usePointDomain(workspaceId: number) {
  return useMutation({
    mutationFn: (input: { host: string; formId: number | null }) =>
      apiRequest(`${domains(workspaceId)}/${encodeURIComponent(input.host)}`, noContentSchema, {
        method: 'PATCH',
        body: { form_id: input.formId },
      }),
    onSuccess: useRefresh(workspaceId),
  });
}

/** DELETE /api/workspaces/:id/domains/:host */
export function useRemoveDomain(workspaceId: number, host: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest(`${domains(workspaceId)}/${encodeURIComponent(host)}`, noContentSchema, {
        method: 'DELETE',
      }),
    onSuccess: useRefresh(workspaceId),
  });
}
