import { resendVerificationResponseSchema } from '@formsmith/core/auth/api';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

/** POST /api/auth/resend-verification: a new link for the signed-in account (rate-limited). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/auth/resend-verification', resendVerificationResponseSchema, { method: 'POST' }),
  });
}
