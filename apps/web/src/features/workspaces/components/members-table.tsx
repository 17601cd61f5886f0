import type { Workspace } from '@formsmith/core/workspaces/api';
import type { Member } from '@formsmith/core/workspaces/members';
import { roleAllows, type WorkspaceRole } from '@formsmith/core/workspaces/roles';
import { LogOut, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { assignableRoles, ROLE_LABELS } from '../../../components/workspaces/roles.ts';
import { failureMessage } from '../../../lib/field-messages.ts';
import { useChangeRole, useLeaveWorkspace, useRemoveMember } from '../api/members.ts';

const TH =
  'px-3 py-2 text-start text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400';
const TD = 'px-3 py-3 align-top max-sm:py-1';

/** Whether the caller may change `member`'s role or remove them: an admin, and an owner for an owner. */
export function mayManage(caller: WorkspaceRole, member: Member): boolean {
  return roleAllows(caller, 'admin') && (caller === 'owner' || member.role !== 'owner');
}

/**
 * The members: name and email, role (a select for those the caller may manage; owner is offered
 * only by an owner), Remove, and Leave on the caller's own row. A refused change shows the
 * server's message under the select.
 */
export function MembersTable({ workspace, members }: { workspace: Workspace; members: Member[] }) {
  const changeRole = useChangeRole(workspace.id);
  const [roleErrors, setRoleErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  const remove = useRemoveMember(workspace.id);
  const leave = useLeaveWorkspace(workspace.id);

  const setRole = (member: Member, role: WorkspaceRole) => {
    setRoleErrors(({ [member.user_id]: _, ...rest }) => rest);
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onError: (error) =>
          setRoleErrors((all) => ({ ...all, [member.user_id]: failureMessage(error, 'role') })),
      },
    );
  };

  return (
    <>
      {/* On phones each row stacks (the member above, role and action below): no sideways scroll. */}
      <table className="w-full text-sm max-sm:block">
        <thead className="border-b border-slate-200 max-sm:sr-only dark:border-slate-800">
          <tr>
            <th scope="col" className={TH}>
              Member
            </th>
            <th scope="col" className={TH}>
              Role
            </th>
            <th scope="col" className={TH}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
          {members.map((member) => {
            const manage = mayManage(workspace.role, member);
            const pending = changeRole.isPending && changeRole.variables?.userId === member.user_id;
            const error = roleErrors[member.user_id];
            return (
              <tr key={member.user_id} className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:py-2">
                <td className={`${TD} min-w-0 max-sm:col-span-2`}>
                  <p className="flex flex-wrap items-center gap-x-2 font-medium text-slate-900 dark:text-white">
                    <span className="break-words">{member.name}</span>
                    {member.you && <Badge tone="brand">You</Badge>}
                  </p>
                  <p className="break-all text-slate-600 dark:text-slate-400">{member.email}</p>
                </td>
                <td className={TD}>
                  {manage ? (
                    <>
                      <Select
                        aria-label={`Role of ${member.name}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `role-error-${member.user_id}` : undefined}
                        value={member.role}
                        disabled={pending}
                        onChange={(e) => setRole(member, e.target.value as WorkspaceRole)}
                        className="w-36"
                      >
                        {assignableRoles(workspace.role).map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </Select>
                      {error && (
                        <p
                          id={`role-error-${member.user_id}`}
                          role="alert"
                          className="mt-1 max-w-60 text-sm text-red-600 dark:text-red-400"
                        >
                          {error}
                        </p>
                      )}
                    </>
                  ) : (
                    <span className="inline-block py-2 text-slate-800 dark:text-slate-200">
                      {ROLE_LABELS[member.role]}
                    </span>
                  )}
                </td>
                <td className={`${TD} text-end`}>
                  {member.you ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label="Leave workspace"
                      onClick={() => setLeaving(true)}
                    >
                      <LogOut aria-hidden="true" className="h-4 w-4" />
                      <span className="hidden sm:inline">Leave workspace</span>
                    </Button>
                  ) : manage ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setRemoving(member)}
                    >
                      <UserMinus aria-hidden="true" className="h-4 w-4" />
                      <span className="hidden sm:inline">Remove</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'this member'}?`}
        description={`${removing?.email ?? 'They'} lose access to this workspace's forms and answers at once. You can invite them again later.`}
        confirmLabel="Remove member"
        action={{ ...remove, mutate: (_, options) => removing && remove.mutate(removing.user_id, options) }}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${workspace.name}?`}
        description="You lose access to its forms and answers at once; an owner or admin can invite you again. Your dashboard goes back to your personal workspace."
        confirmLabel="Leave workspace"
        action={leave}
      />
    </>
  );
}
