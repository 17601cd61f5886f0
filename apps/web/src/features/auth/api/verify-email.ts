import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/session.ts';

type VerifyResponse = { message: string; email: string; is_verified: boolean };

export function verifyEmail(token: string): Promise<VerifyResponse> {
  return apiRequest<VerifyResponse>(`/auth/verify/${encodeURIComponent(token)}`, { skipAuth: true });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
