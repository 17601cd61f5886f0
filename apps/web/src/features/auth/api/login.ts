import type { LoginInput } from '@formsmith/core/auth/api';
import { type SignInResult, signInResultSchema } from '@formsmith/core/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { finishSignIn } from '../lib/finish-sign-in.ts';

export function loginWithPassword(input: LoginInput): Promise<SignInResult> {
  return apiRequest('/auth/login', signInResultSchema, { method: 'POST', body: input, skipAuth: true });
}

/**
 * Signs in, stores the token and fills the current user (login, then GET /api/auth/current).
 * Resolves to the two-factor challenge instead when the account has a second factor.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => finishSignIn(queryClient, await loginWithPassword(input)),
  });
}
