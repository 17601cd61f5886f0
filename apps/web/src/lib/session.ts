// Owned by the auth issue: the current user, token refresh and signing out. Other features import from here.

import { type CurrentUserResponse, currentUserSchema, type LoginResponse } from '@formsmith/core/auth/api';
import { messageSchema } from '@formsmith/core/http';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client.ts';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token.ts';
import { readStorage, STORAGE_KEYS } from './storage.ts';

/** The signed-in user as GET /api/auth/current answers (with role, company, dates). */
export type CurrentUser = CurrentUserResponse;

export const currentUserQueryKey = ['auth', 'current'] as const;

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiRequest('/auth/current', currentUserSchema);
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: fetchCurrentUser,
  staleTime: 60_000,
  // A refused token will not become valid by asking again.
  retry: (count, error) => !(error instanceof ApiError && error.status === 401) && count < 1,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

/** Stores the token of a login answer and fills the current user before any page asks for it. */
export async function startSession(queryClient: QueryClient, login: LoginResponse): Promise<CurrentUser> {
  setAuthToken(login.token, login.expires_in);
  queryClient.removeQueries({ queryKey: currentUserQueryKey });
  const user = await fetchCurrentUser();
  queryClient.setQueryData(currentUserQueryKey, user);
  return user;
}

/** Milliseconds until the stored token expires (0 when missing or already expired). */
export function tokenTimeLeft(): number {
  if (!getAuthToken()) return 0;
  return Math.max(0, Number(readStorage(STORAGE_KEYS.tokenExpiration)) - Date.now());
}

/**
 * Revokes the session on the server (best effort), forgets the token, goes to /login (which
 * leads back to `returnUrl` once signed in again, when given).
 */
export async function signOut(returnUrl?: string): Promise<void> {
  try {
    await apiRequest('/auth/logout', messageSchema, { method: 'POST' });
  } catch {
    // The token is forgotten below either way.
  }
  clearAuthToken();
  window.location.assign(returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login');
}
