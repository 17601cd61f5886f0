import type { RegisterInput } from '@formsmith/core/auth/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

type RegisterResponse = { pid: string; email: string; name: string; is_verified: boolean };

export function registerAccount(input: RegisterInput): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/auth/register', {
    method: 'POST',
    body: { ...input, acceptTerms: true },
    skipAuth: true,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
