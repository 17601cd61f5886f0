import { UNDO_SECONDS } from '@formsmith/core/submissions/delete';
import { Button } from '../../../components/ui/button.tsx';
import { dropPendingDelete, type PendingDelete } from '../hooks/use-pending-deletes.ts';

const count = (n: number) => `${n} ${n === 1 ? 'submission' : 'submissions'}`;

/** 'N submissions deleted · Undo' while a delete waits to be sent (and its failure after). */
export function UndoToast({ pending }: { pending: readonly PendingDelete[] }) {
  if (pending.length === 0) return null;
  return (
    <div className="fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:left-auto sm:right-6 sm:items-end">
      {pending.map((p) => (
        <div
          key={p.key}
          role={p.state === 'failed' ? 'alert' : 'status'}
          className="flex w-full max-w-sm items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {p.state === 'failed' ? (
            <>
              <span>Could not delete {count(p.ids.length)}. They are still here.</span>
              <Button size="sm" variant="secondary" onClick={() => dropPendingDelete(p.key)}>
                Dismiss
              </Button>
            </>
          ) : (
            <>
              <span>
                {count(p.ids.length)} deleted
                <span className="sr-only">. You have {UNDO_SECONDS} seconds to undo.</span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => dropPendingDelete(p.key)}>
                Undo
              </Button>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
