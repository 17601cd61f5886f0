import { type VerifyResponse, verifyResponseSchema } from '@formsmith/core/auth/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/session.ts';

export function verifyEmail(token: string): Promise<VerifyResponse> {
  return apiRequest(`/auth/verify/${encodeURIComponent(token)}`, verifyResponseSchema, { skipAuth: true });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
