import type { EmailRequestInput } from '@formsmith/core/auth/api';
import { messageSchema } from '@formsmith/core/http';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Mails a secure login link; after it the user sets a new password on /password-reset. */
export function requestPasswordReset(input: EmailRequestInput) {
  return apiRequest('/auth/forgot-password', messageSchema, { method: 'POST', body: input, skipAuth: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
