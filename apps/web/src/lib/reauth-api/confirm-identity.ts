import { type ReauthStatus, reauthStatusSchema } from '@formsmith/core/auth/reauth';
import type { ReauthRequest } from '@formsmith/core/auth/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { REAUTH_STATUS_KEY } from './get-reauth-status.ts';

/** POST /api/auth/reauth: the password, or an authenticator or recovery code. */
export function confirmIdentity(proof: ReauthRequest): Promise<ReauthStatus> {
  return apiRequest('/auth/reauth', reauthStatusSchema, { method: 'POST', body: proof });
}

export function useConfirmIdentity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmIdentity,
    onSuccess: (status) => client.setQueryData(REAUTH_STATUS_KEY, status),
  });
}
