import {
  type SsoSession,
  ssoLinkResponse,
  ssoProvidersResponse,
  ssoSessionResponse,
  ssoStartResponse,
} from '@formsmith/core/sso/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { setCurrentWorkspaceId } from '../../../lib/workspaces-api/current-workspace.ts';

/** The provider's sign-in page for the workspace that holds the address's domain. */
export function startSso(email: string) {
  return apiRequest('/auth/sso/start', ssoStartResponse, { method: 'POST', body: { email }, skipAuth: true });
}

/** Sends the browser on to the provider; the server keeps the flow in an httpOnly cookie. */
export function useStartSso() {
  return useMutation({
    mutationFn: startSso,
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

/** The providers the login page offers by name (the server-wide one, when connected). */
export function useSsoProviders() {
  return useQuery({
    queryKey: ['auth', 'sso', 'providers'],
    queryFn: () => apiRequest('/auth/sso/providers', ssoProvidersResponse, { skipAuth: true }),
  });
}

/** Sends the browser on to the server-wide provider's sign-in page. */
export function useStartInstanceSso() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/auth/sso/instance/start', ssoStartResponse, { method: 'POST', skipAuth: true }),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

/** The session the provider's sign-in left waiting for this browser (once). */
export function collectSsoSession(): Promise<SsoSession> {
  return apiRequest('/auth/sso/session', ssoSessionResponse, { method: 'POST', skipAuth: true });
}

/** Starts the session and opens the workspace whose provider signed in. */
export function useCollectSsoSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const session = await collectSsoSession();
      setCurrentWorkspaceId(session.workspace_id);
      return startSession(queryClient, session);
    },
  });
}

/** Links the provider's account waiting in this browser to the signed-in account. */
export function linkSso() {
  return apiRequest('/auth/sso/link', ssoLinkResponse, { method: 'POST' });
}

export function useLinkSso() {
  return useMutation({ mutationFn: linkSso });
}
