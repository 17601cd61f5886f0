import { noContentSchema } from '@formsmith/core/http';
import {
  type SsoConnectionAnswer,
  type SsoConnectionInput,
  ssoConnectionResponse,
  ssoConnectionSchema,
} from '@formsmith/core/sso/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

const ssoKey = (workspaceId: number) => [...workspacesKeys.all, 'sso', workspaceId] as const;
const url = (workspaceId: number) => `/workspaces/${workspaceId}/sso`;

/** GET /api/workspaces/:id/sso (owners): the provider, the redirect URI and the email domains. */
export const ssoQueryOptions = (workspaceId: number) =>
  queryOptions({
    queryKey: ssoKey(workspaceId),
    queryFn: () => apiRequest(url(workspaceId), ssoConnectionResponse),
  });

export function useWorkspaceSso(workspaceId: number) {
  return useQuery(ssoQueryOptions(workspaceId));
}

/** PUT /api/workspaces/:id/sso: needs a recent proof of identity, asked for when missing. */
export function useSaveWorkspaceSso(workspaceId: number) {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (body: SsoConnectionInput) =>
      withReauth(() => apiRequest(url(workspaceId), ssoConnectionSchema, { method: 'PUT', body })),
    onSuccess: (connection) =>
      client.setQueryData(ssoKey(workspaceId), (old: SsoConnectionAnswer | undefined) =>
        old ? { ...old, connection, domains: connection.domains } : old,
      ),
  });
}

/** DELETE /api/workspaces/:id/sso: needs a recent proof of identity too. */
export function useRemoveWorkspaceSso(workspaceId: number) {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: () => withReauth(() => apiRequest(url(workspaceId), noContentSchema, { method: 'DELETE' })),
    onSuccess: () => client.invalidateQueries({ queryKey: ssoKey(workspaceId) }),
  });
}
