import { type ReauthStatus, reauthStatusSchema } from '@formsmith/core/auth/reauth';
import { passkeyCeremonySchema } from '@formsmith/core/auth/two-factor';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { REAUTH_STATUS_KEY } from './get-reauth-status.ts';

/** Confirms the owner with one of their passkeys (options, the browser's answer, the check). */
export async function confirmWithPasskey(): Promise<ReauthStatus> {
  const { challenge_token, options } = await apiRequest(
    '/auth/reauth/passkey-options',
    passkeyCeremonySchema,
    {
      method: 'POST',
    },
  );
  // Built by @simplewebauthn/server for this very library; core's schema only checks the challenge.
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  return apiRequest('/auth/reauth/passkey', reauthStatusSchema, {
    method: 'POST',
    body: { challenge_token, response },
  });
}

export function useConfirmWithPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmWithPasskey,
    onSuccess: (status) => client.setQueryData(REAUTH_STATUS_KEY, status),
  });
}
