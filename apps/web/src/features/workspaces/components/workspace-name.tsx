import type { Workspace } from '@formsmith/core/workspaces/api';
import { WORKSPACE_NAME_MAX } from '@formsmith/core/workspaces/members';
import { roleAllows } from '@formsmith/core/workspaces/roles';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ROLE_LABELS } from '../../../components/workspaces/roles.ts';
import { useNameForm } from '../../../components/workspaces/use-name-form.ts';
import { useRenameWorkspace } from '../api/members.ts';

/** The page's heading: the workspace's name and kind, your role; Rename for an admin of a team. */
export function WorkspaceName({ workspace }: { workspace: Workspace }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameWorkspace(workspace.id);
  const form = useNameForm(workspace.name, rename.mutate, () => setEditing(false));
  const mayRename = !workspace.personal && roleAllows(workspace.role, 'admin');

  if (editing)
    return (
      <form onSubmit={form.submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <FormField label="Workspace name" error={form.error} required>
            <Input
              value={form.name}
              onChange={(e) => form.setName(e.target.value)}
              maxLength={WORKSPACE_NAME_MAX}
              autoFocus
            />
          </FormField>
        </div>
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="break-words text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {workspace.name}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          {workspace.personal ? 'Personal workspace' : 'Team workspace'} · You are{' '}
          {workspace.role === 'owner' || workspace.role === 'admin' ? 'an' : 'a'}{' '}
          {ROLE_LABELS[workspace.role].toLowerCase()}
        </p>
      </div>
      {mayRename && (
        <Button
          variant="secondary"
          onClick={() => {
            form.reset(workspace.name);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Rename
        </Button>
      )}
    </div>
  );
}
