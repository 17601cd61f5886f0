import { type LoginInput, type LoginResponse, loginResponseSchema } from '@formsmith/core/auth/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

export function loginWithPassword(input: LoginInput): Promise<LoginResponse> {
  return apiRequest('/auth/login', loginResponseSchema, { method: 'POST', body: input, skipAuth: true });
}

/** Signs in, stores the token and fills the current user (login, then GET /api/auth/current). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => startSession(queryClient, await loginWithPassword(input)),
  });
}
