import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSIONS_KEY } from './sessions.ts';

export type ChangePasswordInput = {
  current_password: string;
  new_password: string;
  confirm_password: string;
};

/** POST /api/auth/change-password; the server signs out every other session. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      apiRequest<{ message: string }>('/auth/change-password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
