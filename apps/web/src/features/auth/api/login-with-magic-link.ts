import { type SignInResult, signInResultSchema } from '@formsmith/core/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { finishSignIn } from '../lib/finish-sign-in.ts';

export function loginWithMagicLink(token: string): Promise<SignInResult> {
  return apiRequest(`/auth/magic-link/${encodeURIComponent(token)}`, signInResultSchema, { skipAuth: true });
}

/**
 * Trades a mailed link's token for a session, stores it and fills the current user; resolves to the
 * two-factor challenge instead when the account has a second factor.
 */
export function useMagicLinkLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => finishSignIn(queryClient, await loginWithMagicLink(token)),
  });
}
