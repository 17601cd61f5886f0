import {
  passkeyCeremonySchema,
  passkeySchema,
  twoFactorChangeSchema,
  twoFactorStatusSchema,
} from '@formsmith/core/auth/two-factor';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useWithReauth } from '../../../components/reauth/with-reauth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { TWO_FACTOR_KEY } from './two-factor.ts';

/** Creates a passkey in the browser and registers it under `name`; may answer the first recovery codes. */
export function useAddPasskey() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    // The whole ceremony runs again after a confirmation: its options are tied to the attempt.
    mutationFn: (name: string) =>
      withReauth(async () => {
        const { challenge_token, options } = await apiRequest(
          '/auth/passkeys/options',
          passkeyCeremonySchema,
          { method: 'POST' },
        );
        // Built by @simplewebauthn/server for this very library; core's schema only checks the challenge.
        const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
        const { response, ...credential } = await startRegistration({ optionsJSON });
        return apiRequest('/auth/passkeys', twoFactorChangeSchema, {
          method: 'POST',
          body: { challenge_token, name, response: { ...credential, response: { ...response } } },
        });
      }),
    onSuccess: (change) => client.setQueryData(TWO_FACTOR_KEY, change.status),
  });
}

/** PATCH /api/auth/passkeys/:id. */
export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; name: string }) =>
      apiRequest(`/auth/passkeys/${input.id}`, passkeySchema, {
        method: 'PATCH',
        body: { name: input.name },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: TWO_FACTOR_KEY }),
  });
}

/** DELETE /api/auth/passkeys/:id; removing the last second factor turns two-factor off. */
export function useRemovePasskey() {
  const client = useQueryClient();
  const withReauth = useWithReauth();
  return useMutation({
    mutationFn: (id: string) =>
      withReauth(() => apiRequest(`/auth/passkeys/${id}`, twoFactorStatusSchema, { method: 'DELETE' })),
    onSuccess: (status) => client.setQueryData(TWO_FACTOR_KEY, status),
  });
}
