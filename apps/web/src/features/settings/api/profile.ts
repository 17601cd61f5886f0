import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type CurrentUser, currentUserQueryKey } from '../../../lib/session.ts';

/** current_password is sent only with a new email (the server asks for it then). */
export type ProfileInput = { name: string; email: string; company: string; current_password?: string };

/** PUT /api/auth/profile: a new email stays pending until its link is opened. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => apiRequest<CurrentUser>('/auth/profile', { method: 'PUT', body }),
    onSuccess: (user) => client.setQueryData(currentUserQueryKey, user),
  });
}

/** POST /api/auth/resend-verification. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string; is_verified: boolean }>('/auth/resend-verification', { method: 'POST' }),
  });
}
