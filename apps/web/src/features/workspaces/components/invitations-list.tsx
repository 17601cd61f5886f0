import type { Workspace } from '@formsmith/core/workspaces/api';
import type { Invitation } from '@formsmith/core/workspaces/members';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { ROLE_LABELS } from '../../../components/workspaces/roles.ts';
import { failureMessage } from '../../../lib/field-messages.ts';
import { useResendInvitation, useRevokeInvitation } from '../api/invitations.ts';

const RESENT = 'Sent again: the earlier link no longer works.';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The invitations not yet accepted: who, as what, sent by whom, until when; Resend and Revoke. */
export function InvitationsList({
  workspace,
  invitations,
}: {
  workspace: Workspace;
  invitations: Invitation[];
}) {
  const resend = useResendInvitation(workspace.id);
  const revoke = useRevokeInvitation(workspace.id);
  // One line under each invitation's buttons: what the last click on them did.
  const [notes, setNotes] = useState<Record<string, { tone: 'error' | 'done'; text: string }>>({});
  const note = (id: string, tone: 'error' | 'done', text: string) =>
    setNotes((all) => ({ ...all, [id]: { tone, text } }));

  if (invitations.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No invitations waiting.</p>;

  return (
    <ul className="space-y-3" aria-label="Pending invitations">
      {invitations.map((invitation) => {
        const busy =
          (resend.isPending && resend.variables === invitation.id) ||
          (revoke.isPending && revoke.variables === invitation.id);
        const current = notes[invitation.id];
        return (
          <li
            key={invitation.id}
            className="flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
          >
            <div className="flex min-w-0 items-start gap-3">
              <Mail
                aria-hidden="true"
                className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400"
              />
              <div className="min-w-0 space-y-1">
                <p className="break-all text-sm font-medium">{invitation.email}</p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                  <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                  {invitation.invited_by && <span>Invited by {invitation.invited_by}</span>}
                  {invitation.expired ? (
                    <Badge tone="warning">Expired {formatDate(invitation.expires_at)}</Badge>
                  ) : (
                    <span>Expires {formatDate(invitation.expires_at)}</span>
                  )}
                </p>
              </div>
            </div>
            <div className="flex flex-col gap-1 sm:items-end">
              <div className="flex gap-2">
                {(['Resend', 'Revoke'] as const).map((action) => (
                  <Button
                    key={action}
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    aria-label={`${action} the invitation to ${invitation.email}`}
                    onClick={() => {
                      const outcome = {
                        onSuccess: () => action === 'Resend' && note(invitation.id, 'done', RESENT),
                        onError: (error: Error) => note(invitation.id, 'error', failureMessage(error)),
                      };
                      if (action === 'Resend') resend.mutate(invitation.id, outcome);
                      else revoke.mutate(invitation.id, outcome);
                    }}
                  >
                    {action}
                  </Button>
                ))}
              </div>
              {current && (
                <p
                  role={current.tone === 'error' ? 'alert' : 'status'}
                  className={
                    current.tone === 'error'
                      ? 'text-sm text-red-600 dark:text-red-400'
                      : 'text-sm text-green-700 dark:text-green-400'
                  }
                >
                  {current.text}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
