import type { Workspace } from '@formsmith/core/workspaces/api';
import { INVITATION_TTL_DAYS, invitationBody } from '@formsmith/core/workspaces/members';
import type { WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { assignableRoles, ROLE_HINTS, ROLE_LABELS } from '../../../components/workspaces/roles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage, fieldMessages } from '../../../lib/field-messages.ts';
import { useTimedValue } from '../../../lib/use-timed-flag.ts';
import { useInvite } from '../api/invitations.ts';

/**
 * Invite by email with a role. What was typed stays on a refusal; the server's message shows under
 * the field it is about (an address already a member, under the address).
 */
export function InviteForm({ workspace }: { workspace: Workspace }) {
  const invite = useInvite(workspace.id);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('editor');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, showSent] = useTimedValue<string>(5000);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitationBody.safeParse({ email, role });
    if (!parsed.success) return setErrors(fieldMessages(parsed.error));
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        setEmail('');
        showSent(invitation.email);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) return setErrors(error.fields);
        // A member already, or a role this member may not hand out: about the address or the role.
        const field = error instanceof ApiError && error.code === 'FORBIDDEN_ROLE' ? 'role' : 'email';
        setErrors({ [field]: failureMessage(error) });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <FormField label="Email address" error={errors.email} required>
          <Input
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField label="Role" error={errors.role} hint={errors.role ? undefined : ROLE_HINTS[role]}>
          <Select value={role} onChange={(e) => setRole(e.target.value as WorkspaceRole)}>
            {assignableRoles(workspace.role).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={invite.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          The link works once, for {INVITATION_TTL_DAYS} days.
        </p>
      </div>
      <div aria-live="polite">{sent && <Alert tone="success">Invitation sent to {sent}.</Alert>}</div>
    </form>
  );
}
