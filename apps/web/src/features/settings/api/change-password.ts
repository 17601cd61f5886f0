import { messageSchema } from '@formsmith/core/api';
import type { ChangePasswordBody } from '@formsmith/core/auth/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSIONS_KEY } from './sessions.ts';

/** POST /api/auth/change-password; the server signs out every other session. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest('/auth/change-password', messageSchema, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
