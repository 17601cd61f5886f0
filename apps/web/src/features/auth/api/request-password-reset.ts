import type { EmailRequestInput } from '@formsmith/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails a secure login link; after it the user sets a new password on /password-reset. */
export function requestPasswordReset(input: EmailRequestInput): Promise<{ message: string }> {
  return apiRequest('/auth/forgot-password', { method: 'POST', body: input, skipAuth: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
