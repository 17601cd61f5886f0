import { loginResponseSchema } from '@formsmith/core/auth/api';
import { passkeyCeremonySchema, type twoFactorVerifySchema } from '@formsmith/core/auth/two-factor';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

type VerifyInput = z.input<typeof twoFactorVerifySchema>;

async function verifySecondFactor(input: VerifyInput) {
  return apiRequest('/auth/two-factor/verify', loginResponseSchema, {
    method: 'POST',
    body: input,
    skipAuth: true,
  });
}

/** POST /api/auth/two-factor/verify with a code; starts the session it answers with. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: VerifyInput) => startSession(queryClient, await verifySecondFactor(input)),
  });
}

/** Finishes the second step with one of the user's passkeys (the browser asks for it). */
export function usePasskeySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (challengeToken: string) => {
      const { options } = await apiRequest('/auth/two-factor/passkey-options', passkeyCeremonySchema, {
        method: 'POST',
        body: { challenge_token: challengeToken },
        skipAuth: true,
      });
      // Built by @simplewebauthn/server for this very library; core's schema only checks the challenge.
      const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
      const { response, ...credential } = await startAuthentication({ optionsJSON });
      return startSession(
        queryClient,
        await verifySecondFactor({
          challenge_token: challengeToken,
          method: 'passkey',
          response: { ...credential, response: { ...response } },
        }),
      );
    },
  });
}
