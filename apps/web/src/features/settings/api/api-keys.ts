import { apiKeyListSchema, type CreateApiKeyBody, createdApiKeySchema } from '@formsmith/core/api-keys/api';
import { noContentSchema } from '@formsmith/core/http';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const API_KEYS_KEY = ['account', 'api-keys'] as const;

export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: async () => (await apiRequest('/account/api-keys', apiKeyListSchema)).items,
  });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** POST /api/account/api-keys?workspace_id=: answers the key itself, shown this once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: ({ workspaceId, ...body }: CreateApiKeyBody & { workspaceId: number }) =>
      withReauth(() =>
        apiRequest('/account/api-keys', createdApiKeySchema, {
          method: 'POST',
          query: { workspace_id: workspaceId },
          body,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/account/api-keys/${id}`, noContentSchema, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
