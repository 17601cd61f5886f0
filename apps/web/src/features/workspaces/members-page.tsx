import type { Workspace } from '@formsmith/core/workspaces/api';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { Plus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorFallback } from '../../components/ui/error-boundary.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { WebhooksCard } from '../../components/webhooks/webhooks-card.tsx';
import { NewWorkspaceDialog } from '../../components/workspaces/new-workspace-dialog.tsx';
import { workspaceWebhooks } from '../../lib/webhooks-api/webhooks.ts';
import { useCurrentWorkspace } from '../../lib/workspaces-api/current-workspace.ts';
import { useDeleteWorkspace, useMembers } from './api/members.ts';
import { CustomDomainsCard } from './components/custom-domains-card.tsx';
import { InvitationsList } from './components/invitations-list.tsx';
import { InviteForm } from './components/invite-form.tsx';
import { MembersTable } from './components/members-table.tsx';
import { NotificationsCard } from './components/notifications-card.tsx';
import { SsoCard } from './components/sso-card.tsx';
import { WorkspaceName } from './components/workspace-name.tsx';

/** /dashboard/workspace: the current workspace's name, members, invitations and (admins) webhooks. */
export function MembersPage() {
  const { workspace } = useCurrentWorkspace();
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      {/* Keyed: switching workspaces starts the page afresh (no half-typed name carried over). */}
      <WorkspaceName key={workspace.id} workspace={workspace} />
      {workspace.personal ? (
        <>
          <PersonalNote />
          <CustomDomainsCard workspace={workspace} />
          <AuditLink />
        </>
      ) : (
        <TeamWorkspace key={workspace.id} workspace={workspace} />
      )}
    </div>
  );
}

function PersonalNote() {
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <CardBody className="flex flex-col items-start gap-4 sm:flex-row">
        <span
          aria-hidden="true"
          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700 dark:bg-brand-700 dark:text-white"
        >
          <UserRound className="h-5 w-5" />
        </span>
        <div className="space-y-3">
          <h2 className="text-lg font-semibold">This workspace is yours alone</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Your personal workspace cannot be shared, left or deleted. To work on forms with others, create a
            team workspace and invite them to it; you can switch between workspaces from the menu at the top
            of the sidebar.
          </p>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New workspace
          </Button>
        </div>
      </CardBody>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}

function TeamWorkspace({ workspace }: { workspace: Workspace }) {
  const members = useMembers(workspace.id);
  const admin = roleAllows(workspace.role, 'admin');

  if (members.isPending) return <Spinner label="Loading members" />;
  if (members.isError) return <ErrorFallback error={members.error} onRetry={() => members.refetch()} />;

  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Members</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {admin
              ? 'Change what each member may do, or remove them. Only an owner makes or changes owners.'
              : 'Who works in this workspace. Owners and admins manage its members.'}
          </p>
        </CardHeader>
        <CardBody className="px-2 sm:px-3">
          <MembersTable workspace={workspace} members={members.data.members} />
        </CardBody>
      </Card>
      <NotificationsCard workspace={workspace} />
      {admin && (
        <>
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Invite someone</h2>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                We email them a link. They sign in or create an account with that address, then accept.
              </p>
            </CardHeader>
            <CardBody>
              <InviteForm workspace={workspace} />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold">Pending invitations</h2>
            </CardHeader>
            <CardBody>
              <InvitationsList workspace={workspace} invitations={members.data.invitations ?? []} />
            </CardBody>
          </Card>
        </>
      )}
      {admin && <WebhooksCard owner={workspaceWebhooks(workspace.id)} />}
      {admin && <CustomDomainsCard workspace={workspace} />}
      {workspace.role === 'owner' && <SsoCard workspace={workspace} />}
      {admin && <AuditLink />}
      {workspace.role === 'owner' && <DeleteWorkspace workspace={workspace} />}
    </>
  );
}

function AuditLink() {
  return (
    <Card>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Audit log</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Who created, changed, published or deleted what, and who joined or left.
          </p>
        </div>
        <Link to="/dashboard/workspace/audit" className={buttonClasses('secondary')}>
          Open the audit log
        </Link>
      </CardBody>
    </Card>
  );
}

function DeleteWorkspace({ workspace }: { workspace: Workspace }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteWorkspace(workspace.id);
  return (
    <Card className="border-red-200 dark:border-red-900">
      <CardHeader className="border-red-200 dark:border-red-900">
        <h2 className="text-lg font-semibold text-red-700 dark:text-red-400">Delete this workspace</h2>
      </CardHeader>
      <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Only an empty workspace can be deleted: move or delete its forms first (the Trash counts too).
        </p>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          Delete workspace
        </Button>
      </CardBody>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${workspace.name}?`}
        description="Its members lose it, and its invitations stop working. This cannot be undone."
        confirmLabel="Delete workspace"
        action={remove}
      />
    </Card>
  );
}
