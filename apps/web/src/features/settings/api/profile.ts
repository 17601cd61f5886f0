import { currentUserSchema, type ProfileUpdateBody } from '@formsmith/core/auth/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/session.ts';

/** PUT /api/auth/profile: a new email stays pending until its link is opened. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) =>
      apiRequest('/auth/profile', currentUserSchema, { method: 'PUT', body }),
    onSuccess: (user) => client.setQueryData(currentUserQueryKey, user),
  });
}
