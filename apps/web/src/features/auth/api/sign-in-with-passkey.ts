import { loginResponseSchema } from '@formsmith/core/auth/api';
import { passkeyCeremonySchema } from '@formsmith/core/auth/two-factor';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

/** Passwordless sign-in: the browser offers the passkeys it holds for this site, no email needed. */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { challenge_token, options } = await apiRequest('/auth/passkey/options', passkeyCeremonySchema, {
        method: 'POST',
        skipAuth: true,
      });
      // Built by @simplewebauthn/server for this very library; core's schema only checks the challenge.
      const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON });
      const session = await apiRequest('/auth/passkey/verify', loginResponseSchema, {
        method: 'POST',
        body: { challenge_token, response },
        skipAuth: true,
      });
      return startSession(queryClient, session);
    },
  });
}
