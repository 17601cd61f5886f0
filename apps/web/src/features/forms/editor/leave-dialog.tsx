import type { Blocker } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

/** Shown when in-app navigation would leave edits that are not stored yet. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Leave with unsaved changes?"
      description="Your last changes have not been saved yet. If you leave now they are lost."
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          Stay and keep editing
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </div>
    </Dialog>
  );
}
