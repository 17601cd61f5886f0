import { type FormEvent, useState } from 'react';
import { ReauthCancelledError } from '../../../components/reauth/with-reauth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clearAuthToken } from '../../../lib/auth-token.ts';
import { useDeleteMyData } from '../api/data-requests.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; email: string };

/** Asks for the account email again, then deletes the account and leaves for the home page. */
export function DeleteDataDialog({ open, onOpenChange, email }: Props) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteMyData();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    remove.mutate(typed.trim(), {
      onSuccess: () => {
        clearAuthToken();
        // A full load: nothing of the deleted account may stay in memory.
        window.location.assign('/');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title="Delete your account and data?"
      description="This permanently deletes your account, your forms, their submissions and uploaded files. It cannot be undone."
    >
      <form onSubmit={submit} className="space-y-4">
        <FormField label="Type your email address to confirm" hint={email}>
          <Input type="email" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </FormField>
        {remove.isError && (
          <Alert tone="error">
            {(remove.error instanceof ApiError && remove.error.status < 500) ||
            remove.error instanceof ReauthCancelledError
              ? remove.error.message
              : 'Failed to create data protection request'}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete Permanently'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
