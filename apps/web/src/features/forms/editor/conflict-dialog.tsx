import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';

type ConflictDialogProps = {
  open: boolean;
  onReload: () => Promise<void>;
  onKeepMine: () => Promise<void>;
};

/** A save met a newer version (another tab or device): the owner picks which copy wins. */
export function ConflictDialog({ open, onReload, onKeepMine }: ConflictDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not reach the server. Try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      title="This form was changed elsewhere"
      description="A newer version was saved from another tab or device while you were editing. Your changes here are not saved yet."
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" disabled={busy} onClick={() => choose(onReload)}>
          Reload their version
        </Button>
        <Button disabled={busy} onClick={() => choose(onKeepMine)}>
          Keep mine
        </Button>
      </div>
    </Dialog>
  );
}
