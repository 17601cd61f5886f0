import { noContentSchema } from '@formsmith/core/http';
import { type InvitationInput, invitationSchema } from '@formsmith/core/workspaces/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workspacesKeys } from '../../../lib/workspaces-api/query-keys.ts';

const invitations = (workspaceId: number) => `/workspaces/${workspaceId}/invitations`;

/** After any change the pending list is read again (it comes with the members). */
function useRefreshMembers(workspaceId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: workspacesKeys.members(workspaceId) });
}

/** POST /api/workspaces/:id/invitations: mails a link valid for 7 days. */
export function useInvite(workspaceId: number) {
  return useMutation({
    mutationFn: (body: InvitationInput) =>
      apiRequest(invitations(workspaceId), invitationSchema, { method: 'POST', body }),
    onSuccess: useRefreshMembers(workspaceId),
  });
}

/** POST /api/workspaces/:id/invitations/:invitationId/resend: a new link; the old one stops working. */
export function useResendInvitation(workspaceId: number) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${invitations(workspaceId)}/${id}/resend`, invitationSchema, { method: 'POST' }),
    onSuccess: useRefreshMembers(workspaceId),
  });
}

/** DELETE /api/workspaces/:id/invitations/:invitationId */
export function useRevokeInvitation(workspaceId: number) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`${invitations(workspaceId)}/${id}`, noContentSchema, { method: 'DELETE' }),
    onSuccess: useRefreshMembers(workspaceId),
  });
}
