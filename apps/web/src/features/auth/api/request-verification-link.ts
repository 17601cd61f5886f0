import type { EmailRequestInput } from '@formsmith/core/auth/api';
import { messageSchema } from '@formsmith/core/http';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/verification-link: a new verification link to an address, before any sign-in. */
export function requestVerificationLink(input: EmailRequestInput) {
  return apiRequest('/auth/verification-link', messageSchema, {
    method: 'POST',
    body: input,
    skipAuth: true,
  });
}

export function useRequestVerificationLink() {
  return useMutation({ mutationFn: requestVerificationLink });
}
