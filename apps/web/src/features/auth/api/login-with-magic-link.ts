import type { LoginResponse } from '@formsmith/core/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

export function loginWithMagicLink(token: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>(`/auth/magic-link/${encodeURIComponent(token)}`, { skipAuth: true });
}

/** Trades a mailed link's token for a session, stores it and fills the current user. */
export function useMagicLinkLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => startSession(queryClient, await loginWithMagicLink(token)),
  });
}
