import {
  type ReauthRequest,
  recoveryCodesSchema,
  totpSetupSchema,
  twoFactorChangeSchema,
  twoFactorStatusSchema,
} from '@formsmith/core/auth/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { REAUTH_STATUS_KEY } from '../../../lib/reauth-api/get-reauth-status.ts';

export const TWO_FACTOR_KEY = ['auth', 'two-factor'] as const;

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: TWO_FACTOR_KEY,
    queryFn: async () => apiRequest('/auth/two-factor', twoFactorStatusSchema),
  });

/** GET /api/auth/two-factor: authenticator app, passkeys, recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

/** POST /api/auth/two-factor/totp/setup: a fresh secret for the authenticator app. */
export function useStartTotpSetup() {
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: () =>
      withReauth(() => apiRequest('/auth/two-factor/totp/setup', totpSetupSchema, { method: 'POST' })),
  });
}

/** POST /api/auth/two-factor/totp/confirm: turns the app on; may answer the first recovery codes. */
export function useConfirmTotp() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (code: string) =>
      withReauth(() =>
        apiRequest('/auth/two-factor/totp/confirm', twoFactorChangeSchema, {
          method: 'POST',
          body: { code },
        }),
      ),
    onSuccess: (change) => client.setQueryData(TWO_FACTOR_KEY, change.status),
  });
}

/** POST /api/auth/two-factor/totp/disable, with the password or a current code (also a proof of identity). */
export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (proof: ReauthRequest) =>
      apiRequest('/auth/two-factor/totp/disable', twoFactorStatusSchema, { method: 'POST', body: proof }),
    onSuccess: (status) => {
      client.setQueryData(TWO_FACTOR_KEY, status);
      return client.invalidateQueries({ queryKey: REAUTH_STATUS_KEY });
    },
  });
}

/** POST /api/auth/two-factor/recovery-codes: new codes (shown once), the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (proof: ReauthRequest) =>
      apiRequest('/auth/two-factor/recovery-codes', recoveryCodesSchema, { method: 'POST', body: proof }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
        client.invalidateQueries({ queryKey: REAUTH_STATUS_KEY }),
      ]),
  });
}
