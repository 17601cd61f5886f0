import type { EmailRequestInput } from '@formsmith/core/auth/api';
import { messageSchema } from '@formsmith/core/http';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function requestMagicLink(input: EmailRequestInput) {
  return apiRequest('/auth/magic-link', messageSchema, { method: 'POST', body: input, skipAuth: true });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
