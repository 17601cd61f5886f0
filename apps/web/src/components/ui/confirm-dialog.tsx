import { failureMessage } from '../../lib/field-messages.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Alert } from './feedback.tsx';

/** What the dialog needs of a mutation (TanStack's useMutation answer fits). */
export type ConfirmAction = {
  mutate: (variables: undefined, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  error: Error | null;
  reset: () => void;
};

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The change to make on confirm; its failure (the server's words) shows above the buttons. */
  action: ConfirmAction;
  onDone?: () => void;
  /** The confirm button's look: danger (the default) for what cannot be taken back. */
  confirmVariant?: 'danger' | 'primary';
};

/** Asks before a change that cannot be taken back (removing, leaving, deleting) or that takes something elsewhere. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  action,
  onDone,
  confirmVariant = 'danger',
}: ConfirmDialogProps) {
  const close = (next: boolean) => {
    if (!next) action.reset();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={title} description={description}>
      <div className="space-y-4">
        {action.error && <Alert tone="error">{failureMessage(action.error)}</Alert>}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            variant={confirmVariant}
            disabled={action.isPending}
            onClick={() =>
              action.mutate(undefined, {
                onSuccess: () => {
                  close(false);
                  onDone?.();
                },
              })
            }
          >
            {action.isPending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
