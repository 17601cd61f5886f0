import { TRASH_DAYS, type TrashedForm } from '@formsmith/core/forms/trash';
import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DeleteFormDialog, impactText } from '../../components/forms/delete-form-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorFallback } from '../../components/ui/error-boundary.tsx';
import { Alert, EmptyState, Spinner } from '../../components/ui/feedback.tsx';
import { useTrash } from './api/list-trash.ts';
import { useRestoreForm } from './api/restore-form.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** /dashboard/trash: deleted forms, restorable for TRASH_DAYS days, or deleted for good at once. */
export function TrashPage() {
  const trash = useTrash();
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-6 pb-24 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight">Trash</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Deleted forms stay here with their submissions for {TRASH_DAYS} days, then they are deleted for good.
      </p>
      <div className="mt-6">
        {trash.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading the Trash" />
          </div>
        ) : trash.isError ? (
          <ErrorFallback error={trash.error} onRetry={() => trash.refetch()} />
        ) : trash.data.forms.length === 0 ? (
          <EmptyState
            title="The Trash is empty"
            icon={<Trash2 aria-hidden="true" className="h-10 w-10 text-slate-400 dark:text-slate-500" />}
          >
            <p className="text-sm text-slate-600 dark:text-slate-400">Forms you delete appear here.</p>
          </EmptyState>
        ) : (
          <ul aria-label="Deleted forms" className="space-y-3">
            {trash.data.forms.map((form) => (
              <TrashedFormRow key={form.id} form={form} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function TrashedFormRow({ form }: { form: TrashedForm }) {
  const restore = useRestoreForm();
  const [deleting, setDeleting] = useState(false);
  const titleId = `trashed-${form.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="min-w-0">
        <h2 id={titleId} className="break-words font-semibold">
          {form.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {impactText(form)} · deleted {formatDate(form.deleted_at)} · gone for good on{' '}
          {formatDate(form.purge_at)}
        </p>
        {restore.isError && (
          <Alert tone="error" className="mt-2">
            Failed to restore the form. Please try again.
          </Alert>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => restore.mutate(form.id)}
          disabled={restore.isPending}
          aria-label={`Restore ${form.title}`}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {restore.isPending ? 'Restoring…' : 'Restore'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setDeleting(true)}
          aria-label={`Delete ${form.title} forever`}
          className="text-red-700 dark:text-red-400"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete forever
        </Button>
      </div>
      <DeleteFormDialog form={form} open={deleting} onOpenChange={setDeleting} permanent />
    </li>
  );
}
