import { accountAccessSchema, type RevokeAccessBody } from '@formsmith/core/account/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { API_KEYS_KEY } from './api-keys.ts';
import { TWO_FACTOR_KEY } from './two-factor.ts';

export const ACCOUNT_ACCESS_KEY = ['account', 'access'] as const;

export const accountAccessQueryOptions = () =>
  queryOptions({
    queryKey: ACCOUNT_ACCESS_KEY,
    queryFn: () => apiRequest('/account/access', accountAccessSchema),
  });

/** GET /api/account/access: the passkeys and API keys that can get in besides the password. */
export function useAccountAccess() {
  return useQuery(accountAccessQueryOptions());
}

/** POST /api/account/access/revoke: the chosen passkeys and API keys, all at once. */
export function useRevokeAccess() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (body: RevokeAccessBody) =>
      withReauth(() => apiRequest('/account/access/revoke', accountAccessSchema, { method: 'POST', body })),
    onSuccess: (access) => {
      client.setQueryData(ACCOUNT_ACCESS_KEY, access);
      return Promise.all([
        client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
        client.invalidateQueries({ queryKey: API_KEYS_KEY }),
      ]);
    },
  });
}
