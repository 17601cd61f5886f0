import { noContentSchema } from '@formsmith/core/http';
import {
  instanceSsoConnectionBody,
  type SsoConnectionAnswer,
  type SsoConnectionInput,
  ssoConnectionResponse,
  ssoConnectionSchema,
} from '@formsmith/core/sso/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminKeys = { all: ['admin'] as const, sso: ['admin', 'sso'] as const };
const url = '/admin/sso';

/** GET /api/admin/sso (instance administrator): the instance's provider and every assigned domain. */
export const instanceSsoQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.sso, queryFn: () => apiRequest(url, ssoConnectionResponse) });

export function useInstanceSso() {
  return useQuery(instanceSsoQueryOptions());
}

/** PUT /api/admin/sso: needs a recent proof of identity, asked for when missing. */
export function useSaveInstanceSso() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    // The shared form sends a workspace's fields too; the instance's provider has nothing to enforce.
    mutationFn: (body: SsoConnectionInput) =>
      withReauth(() =>
        apiRequest(url, ssoConnectionSchema, { method: 'PUT', body: instanceSsoConnectionBody.parse(body) }),
      ),
    onSuccess: (connection) =>
      client.setQueryData(adminKeys.sso, (old: SsoConnectionAnswer | undefined) =>
        old ? { ...old, connection } : old,
      ),
  });
}

/** DELETE /api/admin/sso: needs a recent proof of identity too. */
export function useRemoveInstanceSso() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: () => withReauth(() => apiRequest(url, noContentSchema, { method: 'DELETE' })),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.sso }),
  });
}
