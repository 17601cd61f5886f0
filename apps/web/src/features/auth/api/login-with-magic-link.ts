import { type LoginResponse, loginResponseSchema } from '@formsmith/core/auth/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

export function loginWithMagicLink(token: string): Promise<LoginResponse> {
  return apiRequest(`/auth/magic-link/${encodeURIComponent(token)}`, loginResponseSchema, { skipAuth: true });
}

/** Trades a mailed link's token for a session, stores it and fills the current user. */
export function useMagicLinkLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => startSession(queryClient, await loginWithMagicLink(token)),
  });
}
