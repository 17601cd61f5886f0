// Owned by the auth issue: the current user and signing out. Other features import from here.
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { clearAuthToken } from './auth-token.ts';

export type CurrentUser = { pid: string; email: string; name: string };

export const currentUserQueryKey = ['auth', 'current'] as const;

export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: () => apiRequest<CurrentUser>('/auth/current'),
    staleTime: 60_000,
  });
}

/** Revokes the session on the server (best effort), forgets the token, goes to /login. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/auth/logout', { method: 'POST' });
  } catch {
    // The token is forgotten below either way.
  }
  clearAuthToken();
  window.location.assign('/login');
}
