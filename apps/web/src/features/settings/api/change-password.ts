import type { ChangePasswordBody } from '@formsmith/core/auth/api';
import { messageSchema } from '@formsmith/core/http';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { REAUTH_STATUS_KEY } from '../../../lib/reauth-api/get-reauth-status.ts';
import { SESSIONS_KEY } from './sessions.ts';

/** POST /api/auth/change-password; the server signs out every other session. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest('/auth/change-password', messageSchema, { method: 'POST', body }),
    // The current password is a proof of identity too: the session's window starts again.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: SESSIONS_KEY }),
        client.invalidateQueries({ queryKey: REAUTH_STATUS_KEY }),
      ]),
  });
}
