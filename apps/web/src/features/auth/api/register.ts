import { type RegisterInput, type RegisterResponse, registerResponseSchema } from '@formsmith/core/auth/api';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function registerAccount(input: RegisterInput): Promise<RegisterResponse> {
  return apiRequest('/auth/register', registerResponseSchema, {
    method: 'POST',
    body: { ...input, acceptTerms: true },
    skipAuth: true,
  });
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
