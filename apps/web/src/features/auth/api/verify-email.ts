import type { TwoFactorChallenge } from '@formsmith/core/auth/two-factor';
import { type VerifySignInResponse, verifySignInResponseSchema } from '@formsmith/core/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/session.ts';
import { finishSignIn } from '../lib/finish-sign-in.ts';

/** POST /api/auth/verify/:token: verifies the address and, for a new account, signs it in. */
export function verifyEmail(token: string): Promise<VerifySignInResponse> {
  return apiRequest(`/auth/verify/${encodeURIComponent(token)}`, verifySignInResponseSchema, {
    method: 'POST',
    skipAuth: true,
  });
}

/** What verifying led to: signed in, a second factor to give, or verified only (sign in as before). */
export type VerifyOutcome =
  | { kind: 'signed-in' }
  | { kind: 'second-factor'; challenge: TwoFactorChallenge }
  | { kind: 'verified' };

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string): Promise<VerifyOutcome> => {
      const answer = await verifyEmail(token);
      if (!answer.sign_in) {
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
        return { kind: 'verified' };
      }
      const challenge = await finishSignIn(queryClient, answer.sign_in);
      return challenge ? { kind: 'second-factor', challenge } : { kind: 'signed-in' };
    },
  });
}
