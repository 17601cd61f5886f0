import { noContentSchema } from '@formsmith/core/http';
import {
  teamWorkspaceListSchema,
  workspaceDomainListSchema,
  workspaceDomainSchema,
} from '@formsmith/core/sso/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './instance-sso.ts';

const domainsKey = [...adminKeys.all, 'domains'] as const;
const teamsKey = [...adminKeys.all, 'workspaces'] as const;

/** GET /api/admin/domains: every email domain given to a workspace. */
export function useWorkspaceDomains() {
  return useQuery(
    queryOptions({
      queryKey: domainsKey,
      queryFn: () => apiRequest('/admin/domains', workspaceDomainListSchema),
    }),
  );
}

/** GET /api/admin/workspaces: the team workspaces, for the picker. */
export function useTeamWorkspaces() {
  return useQuery(
    queryOptions({
      queryKey: teamsKey,
      queryFn: () => apiRequest('/admin/workspaces', teamWorkspaceListSchema),
    }),
  );
}

// A domain change also changes the instance provider's answer (it lists every domain).
const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: domainsKey }),
    client.invalidateQueries({ queryKey: adminKeys.sso }),
  ]);

/** PUT /api/admin/domains/:domain: needs a recent proof of identity. */
export function useAssignDomain() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (input: { domain: string; workspaceId: number }) =>
      withReauth(() =>
        apiRequest(`/admin/domains/${encodeURIComponent(input.domain)}`, workspaceDomainSchema, {
          method: 'PUT',
          body: { workspace_id: input.workspaceId },
        }),
      ),
    onSuccess: () => invalidate(client),
  });
}

/** DELETE /api/admin/domains/:domain: needs a recent proof of identity. */
export function useRemoveDomain(domain: string) {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: () =>
      withReauth(() =>
        apiRequest(`/admin/domains/${encodeURIComponent(domain)}`, noContentSchema, { method: 'DELETE' }),
      ),
    onSuccess: () => invalidate(client),
  });
}
