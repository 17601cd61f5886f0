import { WORKSPACE_NAME_MAX } from '@formsmith/core/workspaces/members';
import { useCreateWorkspace } from '../../lib/workspaces-api/create-workspace.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { useNameForm } from './use-name-form.ts';

/** 'New workspace': a name, and the new team workspace becomes the current one. */
export function NewWorkspaceDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: () => void;
}) {
  const create = useCreateWorkspace();
  const close = (next: boolean) => {
    if (!next) {
      form.reset('');
      create.reset();
    }
    onOpenChange(next);
  };
  const form = useNameForm('', create.mutate, () => {
    close(false);
    // The list already holds the new workspace, and it is the current one.
    onCreated?.();
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="New workspace"
      description="A workspace for a team: its forms are shared with the people you invite. You are its owner."
    >
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <FormField label="Workspace name" error={form.error} required>
          <Input
            value={form.name}
            onChange={(e) => form.setName(e.target.value)}
            maxLength={WORKSPACE_NAME_MAX}
            autoComplete="off"
            autoFocus
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create workspace'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
