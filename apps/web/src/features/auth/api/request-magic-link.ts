import type { EmailRequestInput } from '@formsmith/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestMagicLink(input: EmailRequestInput): Promise<{ message: string }> {
  return apiRequest('/auth/magic-link', { method: 'POST', body: input, skipAuth: true });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
